/// The HTML report's style sheet and its one script, both inline, and the Content-Security-Policy that
/// allows exactly these two by their SHA-256 hashes and nothing else: no network, no other script (an
/// injected `<script>` or `onerror=` would be refused even if escaping failed), no inline `style` attribute,
/// no form, no `<base>`.
package enum HTMLPageAssets {
    /// The `content` of the page's `Content-Security-Policy` meta tag.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'sha256-\(SHA256Digest.base64(of: script))'; "
        + "style-src 'sha256-\(SHA256Digest.base64(of: style))'; base-uri 'none'; form-action 'none'"

    /// The page's one script. The filter "only rows where implementations differ": a class on the matrix
    /// that the style sheet hides rows by; the page's address ending in `#differ` starts with the filter on.
    /// And a panel's transcript, put in place when the panel opens (`HTMLLinePool`): the lines are the text
    /// of `<template id="lines">`, one per line feed; a wire log's `<pre data-lines>` lists line numbers (base
    /// 36), a clause's quote `<span data-line>` names one, and a comparison's `<tbody data-rows>` lists rows: `N` an equal line on both sides, `L/R` lines
    /// that differ (either may be missing), `~K` K equal lines folded; the script numbers each side's lines.
    /// It writes text only (`textContent`), never markup, and reads nothing but those numbers.
    package static let script = """
        (function () {
          var box = document.getElementById('only-differ');
          var matrix = document.getElementById('matrix');
          if (box && matrix) {
            var apply = function () { matrix.classList.toggle('only-differ', box.checked); };
            box.addEventListener('change', apply);
            if (location.hash === '#differ') { box.checked = true; }
            apply();
          }
          var pool = null;
          function line(number) {
            if (pool === null) {
              var store = document.getElementById('lines');
              pool = store ? store.content.textContent.split('\\n') : [];
            }
            var text = number === '' ? undefined : pool[parseInt(number, 36)];
            return text === undefined ? '' : text;
          }
          function element(name, className, text) {
            var made = document.createElement(name);
            if (className) { made.className = className; }
            if (text !== undefined) { made.textContent = text; }
            return made;
          }
          function lineCell(number) {
            var cell = element('td');
            if (number !== '') { cell.appendChild(element('code', '', line(number))); }
            return cell;
          }
          function fillRows(body) {
            var left = 0, right = 0;
            body.getAttribute('data-rows').split(' ').forEach(function (token) {
              var row = element('tr');
              if (token.charAt(0) === '~') {
                var count = parseInt(token.slice(1), 10);
                left += count;
                right += count;
                row.className = 'd-fold';
                var fold = element('td', '', '\\u22ef ' + count + ' equal lines');
                fold.colSpan = 4;
                row.appendChild(fold);
              } else {
                var differs = token.indexOf('/') >= 0;
                var sides = differs ? token.split('/') : [token, token];
                row.className = differs ? 'd-differs' : 'd-same';
                if (sides[0] !== '') { left += 1; }
                if (sides[1] !== '') { right += 1; }
                row.appendChild(element('td', 'n', sides[0] === '' ? '' : String(left)));
                row.appendChild(lineCell(sides[0]));
                row.appendChild(element('td', 'n', sides[1] === '' ? '' : String(right)));
                row.appendChild(lineCell(sides[1]));
              }
              body.appendChild(row);
            });
          }
          function fill(root) {
            root.querySelectorAll('[data-line]').forEach(function (quote) {
              quote.textContent = line(quote.getAttribute('data-line'));
              quote.removeAttribute('data-line');
            });
            root.querySelectorAll('pre[data-lines]').forEach(function (pre) {
              pre.textContent = pre.getAttribute('data-lines').split(' ').map(line).join('\\n');
              pre.removeAttribute('data-lines');
            });
            root.querySelectorAll('tbody[data-rows]').forEach(function (body) {
              fillRows(body);
              body.removeAttribute('data-rows');
            });
          }
          document.addEventListener('toggle', function (event) {
            if (event.target.open) { fill(event.target); }
          }, true);
        })();
        """

    /// The style sheet. A cell's panel opens over the rows below it, across the matrix.
    static let style = """
        :root { color-scheme: light; --border: #d0d7de; --muted: #57606a; }
        body { font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; margin: 1.5rem; color: #1f2328; }
        h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
        h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
        h4 { font-size: .95rem; margin: .75rem 0 .25rem; }
        code, pre { font: 12px/1.4 "DejaVu Sans Mono", ui-monospace, monospace; }
        pre, .values code, .diff code { white-space: pre-wrap; overflow-wrap: anywhere; }
        .meta, .note { color: var(--muted); }
        table { border-collapse: collapse; }
        th, td { border: 1px solid var(--border); padding: .2rem .45rem; vertical-align: top; }
        thead th { background: #f6f8fa; position: sticky; top: 0; z-index: 2; }
        .summary td.count { text-align: right; font-variant-numeric: tabular-nums; }
        .legend { display: flex; flex-wrap: wrap; gap: .35rem .9rem; padding: 0; list-style: none; }
        .legend li { display: flex; align-items: center; gap: .3rem; }
        .legend .swatch { display: inline-block; min-width: 1.6rem; text-align: center;
          border: 1px solid var(--border); }
        .filter { margin: 1rem 0 .5rem; display: block; }
        .matrix-wrap { position: relative; }
        #matrix th.case { text-align: left; font-weight: normal; }
        #matrix th.case, #matrix th.implementation, .summary th { overflow-wrap: anywhere; }
        #matrix th.implementation .profile, .summary th .adapter { display: block; font-size: 11px;
          font-weight: normal; color: var(--muted); }
        #matrix th.case code { font-weight: bold; }
        #matrix .level, .failures .level { font-size: 11px; color: var(--muted); }
        #matrix td.clauses { font-size: 12px; color: var(--muted); }
        #matrix td.clauses span { white-space: nowrap; }
        #matrix tr.area th { background: #eaeef2; text-align: left; }
        #matrix tr.area td { background: #eaeef2; font-size: 12px; }
        #matrix.only-differ tr.same, #matrix.only-differ tbody.same { display: none; }
        td.cell { text-align: center; min-width: 4.5rem; font-size: 16px; padding: 0; }
        td.cell > span, td.cell summary { display: block; padding: .15rem .4rem; }
        td.cell summary { cursor: pointer; list-style: none; }
        td.cell summary::-webkit-details-marker { display: none; }
        td.cell details[open] > summary { outline: 2px solid #0969da; outline-offset: -2px; }
        .panel { position: absolute; left: 0; right: 0; z-index: 3; text-align: left; font-size: 13px;
          color: #1f2328; background: #fff; border: 2px solid #0969da; border-radius: 6px; padding: .5rem 1rem;
          box-shadow: 0 8px 24px rgba(0, 0, 0, .2); max-height: 75vh; overflow: auto; }
        .panel-head { margin-top: 0; }
        .failures { padding-left: 1.5rem; }
        .values { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .6rem; margin: .2rem 0; }
        .values dd { margin: 0; }
        mark { background: #ffd33d; }
        blockquote.clause { margin: .5rem 0; padding: .2rem .8rem; border-left: 4px solid #8c959f;
          background: #f6f8fa; }
        blockquote.clause p { margin: .2rem 0; }
        pre.interruption, .wire-log pre { background: #f6f8fa; padding: .5rem; max-height: 30rem; overflow: auto; }
        table.diff { width: 100%; table-layout: fixed; }
        table.diff td.n, table.diff th:nth-child(odd) { width: 3rem; text-align: right; color: var(--muted); }
        table.diff tr.d-differs td { background: #fff0c2; }
        table.diff tr.d-differs td:nth-child(2) { background: #ffebe9; }
        table.diff tr.d-differs td:nth-child(4) { background: #dafbe1; }
        table.diff tr.d-fold td { text-align: center; color: var(--muted); background: #f6f8fa; }
        .v-pass { background: #dafbe1; color: #116329; }
        .v-fail { background: #ffcecb; color: #a40e26; }
        .v-insecure { background: #6e1a8c; color: #fff; }
        .v-non-strict { background: #fff1b8; color: #7d4e00; }
        .v-not-applicable { background: #f0f1f3; color: #6e7781; }
        .v-timeout { background: #ffd8b5; color: #953800; }
        .v-crash { background: #ff9f9a; color: #5c0011; }
        .v-adapter-error { background: #d8ccf5; color: #3e1f79; }
        .v-harness-error { background: #cfd8dc; color: #24292f; }
        .v-not-run { background: #fff; color: #8c959f; }
        .counts span { white-space: nowrap; margin-right: .4rem; padding: 0 .2rem; border-radius: 3px; }
        """
}
