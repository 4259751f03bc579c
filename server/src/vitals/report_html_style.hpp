#pragma once

#include <string_view>

// The Web Vitals report's own rules, after common/report_style.hpp's: the score's gauge, the
// metric cards with their bars and charts, the lists of targets.
namespace landing::vitals {

inline constexpr std::string_view report_style = R"css(
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
)css";

}  // namespace landing::vitals
