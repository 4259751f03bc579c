#pragma once

#include <string_view>

// The HTML report's stylesheet, inlined into the page (its CSP allows no other). Lighthouse's
// pass, average and fail colours for the rings and bars; darker shades of them for text, which
// keep 4.5:1 on the cards. The system font stack: the page loads no font.
namespace landing::vitals {

inline constexpr std::string_view report_style = R"css(
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
.score{display:flex;flex-wrap:wrap;align-items:center;gap:1.25rem 2rem;margin:1.5rem 0}
.score .note{max-width:38rem;margin-top:.375rem}
.gauge{--ring:var(--muted);flex:none;width:9.5rem;aspect-ratio:1;border-radius:50%;display:grid;
place-items:center;background:radial-gradient(closest-side,var(--card) 83%,transparent 84%),
conic-gradient(var(--ring) calc(var(--score)*1%),var(--track) 0)}
.gauge span{font-size:3rem;font-weight:700;line-height:1}
.pass{--ring:var(--pass);--tint:var(--pass-tint);--text:var(--pass-ink)}
.average{--ring:var(--average);--tint:var(--average-tint);--text:var(--average-ink)}
.fail{--ring:var(--fail);--tint:var(--fail-tint);--text:var(--fail-ink)}
.none{--ring:var(--line)}
.gauge.pass span,.gauge.average span,.gauge.fail span{color:var(--text)}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:.75rem 0 0;
font-size:.8125rem}
.dot{display:inline-block;width:.625rem;height:.625rem;border-radius:50%;margin-right:.375rem;
background:var(--ring)}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,21rem),1fr));gap:1rem}
.card{display:flex;flex-direction:column;gap:.875rem;min-width:0;border-top:4px solid var(--ring)}
.card-head{display:flex;justify-content:space-between;align-items:flex-start;gap:.75rem}
.card .note{font-size:.9375rem}
.card h2 small{display:block;font-size:.8125rem;font-weight:400;color:var(--muted)}
.badge{flex:none;font-size:.75rem;font-weight:600;border-radius:999px;padding:.125rem .625rem;
color:var(--text,var(--muted));background:var(--tint,var(--track))}
.value{font-size:2.25rem;font-weight:700;line-height:1.1;letter-spacing:-.02em}
.value small{display:block;font-size:.8125rem;font-weight:400;letter-spacing:0;
color:var(--muted);margin-top:.25rem}
.stats{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;margin:0}
.stats dt{font-size:.75rem;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
.stats dd{margin:0;font-weight:600}
.bar{display:flex;height:.625rem;border-radius:999px;overflow:clip;background:var(--track)}
.bar span{display:block;background:var(--ring)}
.card .legend{margin:0}
figure{margin:0}
.chart{display:block;width:100%;height:auto}
.chart text{fill:var(--muted)}
figcaption{font-size:.8125rem;margin-top:.25rem}
.lists{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,28rem),1fr));gap:1rem;
margin-top:1.5rem}
.lists .note{font-size:.875rem;margin:.25rem 0 .75rem}
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

}  // namespace landing::vitals
