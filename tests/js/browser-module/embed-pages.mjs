// One page per kind of embed, as scripts/page-size.mjs counts them: a lattice figure, a bits figure and a page calling
// createTypeLattice(), each written next to a link to web/dist (page-folder.mjs) and opened in Chromium.
import { newPage } from '../../browser/harness.mjs';

/** The pages, named as in scripts/page-size.mjs: the page's body and its module script. */
export const EMBED_PAGES = [
  { name: 'lattice', body: '<type-lattice select="float16,bfloat16"></type-lattice>',
    script: "import '/dist/type-lattice.mjs';" },
  { name: 'bits', body: '<type-lattice view="bits" format="float8_e4m3fn" code="0x1d"></type-lattice>',
    script: "import '/dist/type-lattice.mjs';" },
  { name: 'api', body: '<output id="out">loading</output>',
    script: "import createTypeLattice from '/dist/typelattice.mjs';\nconst tl = await createTypeLattice();\n" +
            "document.getElementById('out').textContent = tl.promoteTypes('float16', 'bfloat16') + ' ' + " +
            "tl.castValue('float8_e4m3fn', 1000).code;" },
];

/** The pages as files ({ name: text }) for page-folder.mjs: each page's HTML and its module script. */
export function embedPageFiles() {
  const files = {};
  for (const { name, body, script } of EMBED_PAGES) {
    files[`${name}.html`] = `<!doctype html><html><head><meta charset="utf-8">
<title>${name}</title><link rel="icon" href="data:,"><script type="module" src="/${name}.mjs"></script></head>
<body>${body}</body></html>`;
    files[`${name}.mjs`] = script;
  }
  return files;
}

/** Opens /<name>.html and resolves, once the embed is drawn, to the paths it requested (in order). */
export async function openEmbedPage(context, origin, name, errors = []) {
  const page = await newPage(context, errors);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${origin}/${name}.html`);
  await page.waitForFunction(() => {
    const el = document.querySelector('type-lattice');
    const out = document.getElementById('out');
    return el ? el.dataset.ready === 'true' : out.textContent !== 'loading';
  }, null, { timeout: 30000 });
  return { page, requests };
}
