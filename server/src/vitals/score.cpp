#include "vitals/score.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace landing::vitals {
namespace {

// erfc⁻¹(1/5): places p10 at a score of 0.9 (Lighthouse's INVERSE_ERFC_ONE_FIFTH).
constexpr double inverse_erfc_one_fifth = 0.9062363051822806;
// The exact doubles Lighthouse clamps each band to.
constexpr double min_passing = 0.90000000000000002220446049250313080847263336181640625;
constexpr double max_average = 0.899999999999999911182158029987476766109466552734375;
constexpr double min_average = 0.5;
constexpr double max_failing = 0.499999999999999944488848768742172978818416595458984375;

// Lighthouse's mobile curves (core/audits/metrics/*.js) and INP on its own thresholds.
constexpr curve lcp_curve{2500, 4000};
constexpr curve cls_curve{0.1, 0.25};
constexpr curve fcp_curve{1800, 3000};
constexpr curve inp_curve{200, 500};

}  // namespace

double log_normal_score(curve shape, double value) {
  if (value <= 0) return 1;
  const double x_log_ratio = std::log(value / shape.median);
  const double p10_log_ratio = -std::log(shape.p10 / shape.median);
  const double standardized = x_log_ratio * inverse_erfc_one_fifth / p10_log_ratio;
  const double complementary = std::erfc(standardized) / 2;
  if (value <= shape.p10) return std::clamp(complementary, min_passing, 1.0);
  if (value <= shape.median) return std::clamp(complementary, min_average, max_average);
  return std::clamp(complementary, 0.0, max_failing);
}

std::optional<int> real_experience_score(const p75s& field) {
  struct part {
    std::optional<double> value;
    curve shape;
    double weight;
  };
  const std::array parts{part{field.fcp_ms, fcp_curve, 0.10}, part{field.lcp_ms, lcp_curve, 0.25},
                         part{field.inp_ms, inp_curve, 0.30}, part{field.cls, cls_curve, 0.25}};
  double weighted = 0;
  double weights = 0;
  for (const auto& p : parts) {
    if (!p.value) continue;
    weighted += p.weight * log_normal_score(p.shape, *p.value);
    weights += p.weight;
  }
  if (weights == 0) return std::nullopt;
  return static_cast<int>(std::lround(100 * weighted / weights));
}

}  // namespace landing::vitals
