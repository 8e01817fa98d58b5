// The Tensors view: a checkpoint file read in workers (tensors-runner.js, tl.analyze), its tensors listed with a
// filter, and for the chosen tensor the log2 histogram with each target's range over it, the targets sorted by SQNR
// and each block target's worst blocks, which open in the Blocks view with their values. The numbers drawn are the
// module's (the report and its targets' ranges); this file only lays them out. Nothing leaves the page.
import { t } from './strings.js';
import { TensorsRunner } from './tensors-runner.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const WORST_BLOCKS = 5;

function el(tag, attrs = {}, ...children) {
  const node = tag.startsWith('svg:') ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

const figure = (v, digits = 4) => (v === null ? 'inf' : Number.isInteger(v) ? String(v) : v.toPrecision(digits));
const bytesText = (n) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB`
  : n >= 1e3 ? `${(n / 1e3).toFixed(1)} kB` : `${n} B`);
const displayName = (name) => (name === '' ? t('tensors.array') : name);

// A target's row of a metrics table (a tensor's or the file's): its format (★ the best), the figures, then `last`.
// data-sqnr: 'inf' when exact.
const metricsRow = (target, last) => el('tr', { 'data-format': target.format,
  'data-sqnr': target.sqnr_db === null ? 'inf' : String(target.sqnr_db), class: target.best ? 'current' : undefined },
el('th', { scope: 'row', text: `${target.format}${target.best ? ' ★' : ''}` }),
el('td', { text: figure(target.bits_per_element) }),
el('td', { text: target.measured === 0 ? '-' : figure(target.sqnr_db) }),
el('td', { text: figure(target.mse ?? 0) }),
el('td', { text: figure(target.max_abs_error ?? 0) }),
el('td', { text: figure(target.max_relative_error ?? 0) }),
el('td', { text: String(target.saturated) }),
el('td', { text: String(target.flushed) }),
el('td', { text: String(target.non_finite) }), last);

export class TensorsView {
  constructor(app) {
    this.app = app;
    this.runner = new TensorsRunner();
    this.runner.prepare();
    this.report = null;
    this.selected = null;
    this.wire();
  }

  wire() {
    $('tensor-file').addEventListener('change', (e) => {
      if (e.target.files.length > 0) this.open(e.target.files[0]);
    });
    const drop = $('tensor-drop');
    drop.addEventListener('dragover', (e) => {
      e.preventDefault();
      drop.classList.add('over');
    });
    drop.addEventListener('dragleave', () => drop.classList.remove('over'));
    drop.addEventListener('drop', (e) => {
      e.preventDefault();
      drop.classList.remove('over');
      const file = e.dataTransfer?.files?.[0];
      if (file) this.open(file);
    });
    $('tensor-cancel').addEventListener('click', () => this.runner.cancel());
    $('tensor-filter').addEventListener('input', () => this.showList());
    // New targets read the shown file again; while a file is being read they apply to the next one.
    $('tensor-targets').addEventListener('change', () => { if (this.report && !this.reading) this.open(this.file); });
  }

  render() {}

  relabel() {
    if (this.report) {
      this.showList();
      this.showSummary();
      this.showTensor();
    }
  }

  // The targets field: names separated by spaces or commas; empty for the module's default targets.
  targets() {
    const names = $('tensor-targets').value.split(/[\s,]+/).filter(Boolean);
    return names.length > 0 ? names : undefined;
  }

  async open(file) {
    this.file = file;
    const job = {};
    this.reading = job;
    const progress = $('tensor-progress');
    const text = $('tensor-progress-text');
    $('tensor-error').hidden = true;
    progress.value = 0;
    progress.max = 1;
    progress.hidden = false;
    $('tensor-cancel').hidden = false;
    text.textContent = t('tensors.reading', { name: file.name, size: bytesText(file.size) });
    const started = performance.now();
    try {
      const report = await this.runner.run(file, { to: this.targets(), worst: WORST_BLOCKS }, ({ bytes, total }) => {
        progress.max = Math.max(total, 1);
        progress.value = bytes;
        text.textContent = t('tensors.progress', { name: file.name, done: bytesText(bytes), total: bytesText(total) });
      });
      this.report = report;
      this.selected = report.tensors.length > 0 ? 0 : null;
      text.textContent = t('tensors.done', { name: file.name, n: report.tensors.length, kind: report.kind,
        seconds: ((performance.now() - started) / 1000).toFixed(2) });
      this.showList();
      this.showSummary();
      this.showTensor();
      performance.mark('typelattice-tensors-shown');
    } catch (e) {
      if (e.name === 'AbortError') {
        text.textContent = t('tensors.cancelled');
      } else if (e.name !== 'Superseded') {
        text.textContent = '';
        $('tensor-error').textContent = e.message;
        $('tensor-error').hidden = false;
      }
    } finally {
      if (this.reading === job) {
        this.reading = null;
        progress.hidden = true;
        $('tensor-cancel').hidden = true;
      }
    }
  }

  showList() {
    const list = $('tensor-list');
    if (!this.report) return;
    const filter = $('tensor-filter').value.trim().toLowerCase();
    const items = [];
    this.report.tensors.forEach((tensor, i) => {
      if (filter && !tensor.name.toLowerCase().includes(filter)) return;
      const button = el('button', { type: 'button', 'data-tensor': tensor.name, 'aria-pressed': String(i === this.selected) },
        el('span', { class: 'tensor-name', text: displayName(tensor.name) }),
        el('span', { class: 'hint mono', text: `${tensor.dtype} [${tensor.shape.join(', ')}] · ${tensor.count}` }));
      button.addEventListener('click', () => {
        this.selected = i;
        this.showList();
        this.showTensor();
      });
      items.push(el('li', {}, button));
    });
    list.replaceChildren(...items);
    $('tensor-list-count').textContent = t('tensors.listCount', { shown: items.length, n: this.report.tensors.length });
    for (const skipped of this.report.skipped) list.append(el('li', { class: 'hint', text: t('tensors.skipped', { what: skipped }) }));
  }

  // The whole file (two tensors or more, as the CLI prints it): its values' statistics and each target's figures
  // over them, in the core's order, with the tensor of the lowest SQNR, which a click selects.
  showSummary() {
    const box = $('tensor-summary');
    const summary = this.report?.summary;
    box.hidden = !summary || summary.tensors < 2;
    if (box.hidden) return;
    const s = summary.stats;
    const head = ['format', 'bits', 'sqnr', 'mse', 'maxAbs', 'maxRel', 'saturated', 'flushed', 'nonFinite', 'worstTensor']
      .map((k) => el('th', { scope: 'col', text: t(`tensors.col.${k}`) }));
    const rows = [...summary.targets].sort((a, b) => a.rank - b.rank).map((target) => {
      const worst = target.worst_tensor === null ? el('td', { text: '-' }) : el('td', {}, el('button', {
        type: 'button', class: 'link', 'data-worst-tensor': target.worst_tensor,
        text: `${displayName(target.worst_tensor)} (${figure(target.worst_tensor_sqnr_db)})` }));
      worst.querySelector('button')?.addEventListener('click', () => {
        this.selected = this.report.tensors.findIndex((tensor) => tensor.name === target.worst_tensor);
        $('tensor-filter').value = '';
        this.showList();
        this.showTensor();
        $('tensor-detail').scrollIntoView?.({ block: 'start' });
      });
      return metricsRow(target, worst);
    });
    box.replaceChildren(el('h2', { text: t('tensors.summaryTitle', { n: summary.tensors, count: summary.count }) }),
      el('p', { class: 'hint', text: t('tensors.summaryStats', { amax: figure(s.amax ?? 0), mean: figure(s.mean ?? 0),
        std: figure(s.std ?? 0), zeros: s.zeros, subnormals: s.subnormals, nan: s.nan, inf: s.inf }) }),
      el('p', { class: 'hint', text: t('tensors.summaryHint') }),
      el('div', { class: 'scroll' }, el('table', { class: 'data' }, el('thead', {}, el('tr', {}, ...head)), el('tbody', {}, ...rows))));
  }

  showTensor() {
    const detail = $('tensor-detail');
    const tensor = this.selected === null ? null : this.report.tensors[this.selected];
    detail.hidden = tensor === null;
    if (!tensor) return;
    const s = tensor.stats;
    $('tensor-title').textContent = `${displayName(tensor.name)}  ${tensor.dtype} [${tensor.shape.join(', ')}]`;
    $('tensor-stats').textContent = t('tensors.stats', { count: tensor.count, rows: tensor.row_length,
      amax: figure(s.amax ?? 0), mean: figure(s.mean ?? 0), std: figure(s.std ?? 0), zeros: s.zeros,
      subnormals: s.subnormals, nan: s.nan, inf: s.inf });
    this.drawHistogram(tensor);
    this.showMetrics(tensor);
    this.showBlockSqnr(tensor);
    this.showWorst(tensor);
  }

  // Bars of log2|x| by binade, then one lane per target: where it holds normal values, where subnormals, where it
  // saturates and where it flushes to zero (a block target's lane is for a block whose amax is the tensor's).
  drawHistogram(tensor) {
    const svg = $('tensor-histogram');
    const bins = Object.entries(tensor.stats.log2_histogram).map(([k, n]) => [Number(k), n]).sort((a, b) => a[0] - b[0]);
    // Each target's range for this tensor, from the core (a block target's for a block whose amax is the tensor's,
    // under its scale rule and tensor scale).
    const lanes = tensor.targets.map(({ target, range: r }) => ({ name: target, block: r.perBlock,
      max: Math.log2(r.saturation), minNormal: Math.log2(r.smallestNormal), minSubnormal: Math.log2(r.smallestSubnormal) }));
    if (bins.length === 0) {
      svg.replaceChildren(el('svg:text', { x: 10, y: 20, class: 'hint', text: t('tensors.noValues') }));
      svg.setAttribute('viewBox', '0 0 400 30');
      return;
    }
    const low = Math.min(bins[0][0], ...lanes.map((l) => Math.floor(l.minSubnormal))) - 1;
    const high = Math.max(bins.at(-1)[0], ...lanes.map((l) => Math.ceil(l.max))) + 2;
    const first = Math.max(low, bins[0][0] - 12);
    const last = Math.min(high, bins.at(-1)[0] + 8);
    const width = 720;
    const left = 150;
    const plot = width - left - 10;
    const barsHeight = 140;
    const laneHeight = 18;
    const height = barsHeight + 30 + lanes.length * laneHeight + 10;
    const x = (binade) => left + ((binade - first) / (last - first + 1)) * plot;
    const peak = Math.max(...bins.map(([, n]) => n));
    const children = [];
    for (const [binade, n] of bins) {
      if (binade < first || binade > last) continue;
      const h = Math.max(1, (n / peak) * (barsHeight - 10));
      children.push(el('svg:rect', { x: x(binade), y: barsHeight - h, width: Math.max(1, x(binade + 1) - x(binade) - 1),
        height: h, class: 'tensor-bar', 'data-binade': binade },
      el('svg:title', { text: t('tensors.binTitle', { k: binade, next: binade + 1, n }) })));
    }
    children.push(el('svg:line', { x1: left, x2: width - 10, y1: barsHeight, y2: barsHeight, class: 'tensor-axis' }));
    for (let k = Math.ceil(first / 8) * 8; k <= last; k += 8) {
      children.push(el('svg:text', { x: x(k), y: barsHeight + 14, class: 'tensor-tick', text: `2^${k}` }));
    }
    children.push(el('svg:text', { x: left - 6, y: barsHeight + 14, class: 'tensor-tick end', text: 'log2|x|' }));
    lanes.forEach((lane, i) => {
      const y = barsHeight + 24 + i * laneHeight;
      const clamp = (v) => Math.min(Math.max(v, first), last + 1);
      const group = el('svg:g', { 'data-range': lane.name });
      group.append(el('svg:text', { x: left - 6, y: y + 11, class: 'tensor-tick end', text: lane.name }));
      group.append(el('svg:rect', { x: x(clamp(first)), y: y + 3, width: Math.max(0, x(clamp(lane.minSubnormal - 1)) - x(first)),
        height: laneHeight - 6, class: 'range-flush' }, el('svg:title', { text: t('tensors.rangeFlush', { k: figure(lane.minSubnormal - 1, 3) }) })));
      group.append(el('svg:rect', { x: x(clamp(lane.minSubnormal)), y: y + 3,
        width: Math.max(0, x(clamp(lane.minNormal)) - x(clamp(lane.minSubnormal))), height: laneHeight - 6, class: 'range-subnormal' },
      el('svg:title', { text: t('tensors.rangeSubnormal', { low: figure(lane.minSubnormal, 3), high: figure(lane.minNormal, 3) }) })));
      group.append(el('svg:rect', { x: x(clamp(lane.minNormal)), y: y + 3,
        width: Math.max(0, x(clamp(lane.max + 1)) - x(clamp(lane.minNormal))), height: laneHeight - 6, class: 'range-normal' },
      el('svg:title', { text: t(lane.block ? 'tensors.rangeBlock' : 'tensors.rangeNormal', { low: figure(lane.minNormal, 3), high: figure(lane.max, 3) }) })));
      group.append(el('svg:rect', { x: x(clamp(lane.max + 1)), y: y + 3, width: Math.max(0, x(last + 1) - x(clamp(lane.max + 1))),
        height: laneHeight - 6, class: 'range-saturate' }, el('svg:title', { text: t('tensors.rangeSaturate', { k: figure(lane.max, 3) }) })));
      children.push(group);
    });
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.replaceChildren(...children);
  }

  // Targets in the core's order (rank: the highest SQNR first, the best first, as the app's panel lists them); each
  // row carries its format and SQNR (data-sqnr: 'inf' when exact).
  showMetrics(tensor) {
    const table = $('tensor-metrics');
    const head = ['format', 'bits', 'sqnr', 'mse', 'maxAbs', 'maxRel', 'saturated', 'flushed', 'nonFinite', 'worst']
      .map((k) => el('th', { scope: 'col', text: t(`tensors.col.${k}`) }));
    const rows = [...tensor.targets].sort((a, b) => a.rank - b.rank).map((target) => metricsRow(target,
      el('td', { text: target.worst_block === undefined || target.worst_block === null ? '-'
        : `#${target.worst_block} (${figure(target.worst_block_sqnr_db)})` })));
    table.replaceChildren(el('thead', {}, el('tr', {}, ...head)), el('tbody', {}, ...rows));
  }

  // Each block target's per-block SQNR distribution, in the targets' order (data-min, data-p1, data-median: the
  // module's figures, 'inf' when exact, '' when no block has an SQNR).
  showBlockSqnr(tensor) {
    const box = $('tensor-block-sqnr');
    const targets = tensor.targets.filter((target) => target.block_sqnr_db);
    if (targets.length === 0) {
      box.replaceChildren();
      return;
    }
    const shown = (d, v) => (d.blocks === 0 ? '-' : figure(v));
    const data = (d, v) => (d.blocks === 0 ? '' : v === null ? 'inf' : String(v));
    const head = ['format', 'blocks', 'exact', 'min', 'p1', 'median']
      .map((k) => el('th', { scope: 'col', text: t(`tensors.blockSqnr.${k}`) }));
    const rows = targets.map(({ format, block_sqnr_db: d }) => el('tr', { 'data-format': format, 'data-blocks': d.blocks,
      'data-exact': d.exact, 'data-min': data(d, d.min), 'data-p1': data(d, d.p1), 'data-median': data(d, d.median) },
    el('th', { scope: 'row', text: format }), el('td', { text: String(d.blocks) }), el('td', { text: String(d.exact) }),
    el('td', { text: shown(d, d.min) }), el('td', { text: shown(d, d.p1) }), el('td', { text: shown(d, d.median) })));
    box.replaceChildren(el('h2', { text: t('tensors.blockSqnrTitle') }), el('p', { class: 'hint', text: t('tensors.blockSqnrHint') }),
      el('div', { class: 'scroll' }, el('table', { class: 'data' }, el('thead', {}, el('tr', {}, ...head)), el('tbody', {}, ...rows))));
  }

  // Each block target's lowest-SQNR blocks, each a link to the Blocks view with the block's values.
  showWorst(tensor) {
    const box = $('tensor-worst');
    const sections = [];
    for (const target of tensor.targets) {
      if (!target.worst_blocks?.length) continue;
      const info = this.report.targets.find((x) => x.name === target.target);
      const items = target.worst_blocks.map((block) => {
        const values = block.values.map((v) => String(v)).join(',');
        // The Blocks view takes a tensor scale from the values it shows, not the tensor's: with one, the block's
        // figures there can differ from these.
        const scale = info.format === 'nvfp4' ? `&tscale=${info.tensor_scale ? 1 : 0}` : `&scale=${info.scale_mode}`;
        const href = `#view=blocks&format=${encodeURIComponent(info.format)}${scale}&values=${encodeURIComponent(values)}`;
        return el('li', {}, el('a', { href, 'data-block': block.index, text: t('tensors.worstBlock', {
          index: block.index, sqnr: figure(block.sqnr_db), n: block.values.length }) }));
      });
      sections.push(el('div', { class: 'tensor-worst-target' }, el('h3', { text: target.target }), el('ol', {}, ...items)));
    }
    box.replaceChildren(...(sections.length ? [el('h2', { text: t('tensors.worstTitle') }),
      el('p', { class: 'hint', text: t('tensors.worstHint') }), ...sections] : []));
  }
}
