#pragma once

#include <string_view>

// The operator reports' shared stylesheet (vitals report --html, leads report --html), inlined
// into each page (its CSP allows no other): colours for light and dark, the system font stack
// (the page loads no font), panels, filter chips and tables. Lighthouse's pass, average and fail
// colours, with darker shades for text that keep 4.5:1 on the cards.
namespace landing {

inline constexpr std::string_view report_base_style = R"css(
:root{color-scheme:light dark;--ink:#1b1f24;--muted:#57606a;--bg:#f4f5f7;--card:#fff;
--line:#d9dee4;--track:#e4e7eb;--pass:#0c6;--pass-ink:#080;--pass-tint:rgba(0,204,102,.14);
--average:#fa3;--average-ink:#c33300;--average-tint:rgba(255,170,51,.18);--fail:#f33;
--fail-ink:#c00;--fail-tint:rgba(255,51,51,.13)}
@media (prefers-color-scheme:dark){:root{--ink:#e6e8eb;--muted:#9ba5b0;--bg:#111418;
--card:#1a1e24;--line:#2e353e;--track:#2e353e;--pass-ink:#2ee68a;--average-ink:#ffb54d;
--fail-ink:#ff7070}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);-webkit-text-size-adjust:100%;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
font-variant-numeric:tabular-nums}
main{max-width:74rem;margin:0 auto;padding:clamp(1rem,4vw,2.5rem)}
h1{font-size:clamp(1.5rem,4vw,2.125rem);line-height:1.2;margin:0 0 .25rem;letter-spacing:-.01em}
h2{font-size:1.125rem;line-height:1.3;margin:0}
p{margin:0}
.lead,.note,figcaption,.legend,.empty,footer{color:var(--muted)}
.filters{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:1rem 0 0}
.filters li{background:var(--card);border:1px solid var(--line);border-radius:999px;
padding:.125rem .75rem;font-size:.875rem}
.panel{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1.25rem}
table{width:100%;border-collapse:collapse;font-size:.9375rem}
th,td{text-align:left;padding:.5rem .375rem;border-bottom:1px solid var(--line);
vertical-align:top}
th{font-size:.75rem;color:var(--muted);text-transform:uppercase;letter-spacing:.05em;
font-weight:600}
tbody tr:last-child td{border-bottom:0}
.num{text-align:right;white-space:nowrap}
code{font:.875rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
overflow-wrap:anywhere}
footer{margin-top:2rem;font-size:.8125rem}
@media print{body{background:#fff}.panel{break-inside:avoid}}
)css";

}  // namespace landing
