"""Sphinx extension: the ``type-lattice`` directive puts typelattice's <type-lattice> element in a page.

    extensions = ["sphinx_typelattice"]
    # typelattice_dist = "path/to/typelattice/dist"   # optional: another copy than the one the wheel carries

    .. type-lattice::
       :system: jax
       :mode: strict
       :select: float16, bfloat16

The HTML builders copy the element, the module and both .wasm builds into ``_static/typelattice/`` and load the
element (one ES module) on the pages that use the directive. Other builders leave the figure out.
"""

import html
import os
import re
import shutil

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.errors import ConfigError

__version__ = "0.1.0"

from .dist_files import DIST_FILES

# The wheel carries the dist files (setup.py copies them in); typelattice_dist in conf.py points elsewhere.
BUNDLED_DIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dist")
STATIC_DIR = "typelattice"


def _choice(values):
    return lambda argument: directives.choice(argument.strip(), values)


def _on_off(argument):
    # MyST reads unquoted `on`/`off` as YAML booleans: off arrives as "False", on as None (its flag value), which a
    # bare `:x64:` also gives in reStructuredText; docutils passes the text as written.
    if argument is None:
        return "on"
    text = {"false": "off", "true": "on"}.get(str(argument).strip().lower(), str(argument).strip())
    return directives.choice(text, ("on", "off"))


def _dtype_list(argument):
    names = [name.strip() for name in (argument or "").split(",") if name.strip()]
    for name in names:
        if not all(c.isalnum() or c in "_*" for c in name):
            raise ValueError(f'"{name}" is not a dtype name (letters, digits, "_" and "*")')
    return ",".join(names)


def _format_name(argument):
    name = (argument or "").strip()
    if not name or not all(c.isalnum() or c == "_" for c in name):
        raise ValueError(f'"{name}" is not a format name (letters, digits and "_")')
    return name


# The grammar of codes every typelattice front end reads (docs/formats.md, "Codes"; the core's parse_code):
# 0x and hex digits, 0b and binary digits, or decimal digits, ASCII only, with ASCII white space around. The
# widest format's codes have 32 bits; the element checks the code against its format's width.
_CODE = re.compile(r"0[xX]([0-9A-Fa-f]+)|0[bB]([01]+)|([0-9]+)")
_ASCII_SPACE = " \t\n\v\f\r"
_CODE_LIMIT = 2**32 - 1


def parse_code(argument):
    """The code `argument` names, as the core reads it; ValueError for any other text."""
    text = (argument or "").strip(_ASCII_SPACE)
    match = _CODE.fullmatch(text)
    if not match:
        raise ValueError(f'"{text}" is not a code: expected hex like 0x1d, binary like 0b11101, or decimal')
    hex_digits, binary_digits, decimal_digits = match.groups()
    if hex_digits is not None:
        value = int(hex_digits, 16)
    elif binary_digits is not None:
        value = int(binary_digits, 2)
    else:
        value = int(decimal_digits, 10)
    if value > _CODE_LIMIT:
        raise ValueError(f'code {text} is out of range (0 to 0xffffffff)')
    return value


def _code(argument):
    text = "" if argument is None else str(argument).strip(_ASCII_SPACE)   # MyST passes YAML's 0x1d as the number 29
    parse_code(text)
    return text


class type_lattice_node(nodes.General, nodes.Element):
    """A <type-lattice> element; its attributes are the directive's options."""


class TypeLatticeDirective(Directive):
    """``.. type-lattice::`` with the element's attributes as options (see the element's documentation)."""

    has_content = False
    option_spec = {
        # `typelattice systems` lists these (the extension is pure Python and cannot ask the core).
        "system": _choice(("jax", "numpy", "torch", "array-api", "triton", "c", "cpp", "tfjs", "jax-js", "mlx",
                           "keras", "paddle", "julia", "numpy-2021", "torch-2021", "tensorflow-2021", "jax-lax")),
        "mode": _choice(("standard", "strict")),
        "x64": _on_off,
        "select": _dtype_list,
        "view": _choice(("lattice", "table", "bits")),
        "types": _choice(("docs", "all")),
        "format": _format_name,
        "code": _code,
        "loading": _choice(("lazy", "eager")),
        "theme": _choice(("auto", "light", "dark")),
    }

    def run(self):
        env = self.state.document.settings.env
        env.metadata[env.docname]["typelattice"] = True
        node = type_lattice_node()
        node["attributes"] = dict(self.options)
        return [node]


def visit_type_lattice_html(translator, node):
    attributes = "".join(f' {key}="{html.escape(value, quote=True)}"' for key, value in node["attributes"].items())
    translator.body.append(f"<type-lattice{attributes}></type-lattice>\n")
    raise nodes.SkipNode


def skip_type_lattice(translator, node):
    raise nodes.SkipNode


def _dist_dir(app):
    dist = app.config.typelattice_dist
    if not dist:
        if not os.path.isdir(BUNDLED_DIST):
            raise ConfigError("sphinx_typelattice: this copy carries no dist files (install the wheel, or set "
                              "typelattice_dist in conf.py to node_modules/typelattice/dist after npm install "
                              "typelattice)")
        dist = BUNDLED_DIST
    dist = os.path.join(app.confdir, dist)
    missing = [name for name in DIST_FILES if not os.path.isfile(os.path.join(dist, name))]
    if missing:
        raise ConfigError(f"sphinx_typelattice: {dist} lacks {', '.join(missing)}")
    return dist


def check_dist(app):
    if app.builder.format == "html":
        _dist_dir(app)


def add_element_script(app, pagename, templatename, context, doctree):
    # Only the pages that use the directive load the element (app.add_js_file here adds to this page only).
    if app.env.metadata.get(pagename, {}).get("typelattice"):
        app.add_js_file(f"{STATIC_DIR}/type-lattice.mjs", type="module")


def copy_dist(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    dist = _dist_dir(app)
    target = os.path.join(app.outdir, "_static", STATIC_DIR)
    os.makedirs(target, exist_ok=True)
    for name in DIST_FILES:
        shutil.copyfile(os.path.join(dist, name), os.path.join(target, name))


def setup(app):
    app.add_config_value("typelattice_dist", "", "html")
    app.add_node(type_lattice_node, html=(visit_type_lattice_html, None), latex=(skip_type_lattice, None),
                 text=(skip_type_lattice, None), man=(skip_type_lattice, None), texinfo=(skip_type_lattice, None))
    app.add_directive("type-lattice", TypeLatticeDirective)
    app.connect("builder-inited", check_dist)
    app.connect("html-page-context", add_element_script)
    app.connect("build-finished", copy_dist)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
