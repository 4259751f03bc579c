#include "vitals/report_text.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "common/visible.hpp"
#include "vitals/report_format.hpp"

namespace landing::vitals {
namespace {

constexpr std::string_view none = "–";

// Pads to a width in code points, so "–" takes one column like a digit.
std::string padded_left(std::string_view text, std::size_t width) {
  std::size_t columns = 0;
  for (char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return std::string(width > columns ? width - columns : 0, ' ') + std::string(text);
}

// The metric's name left-aligned, then the figures right-aligned under their headings.
void print_row(const std::array<std::string, 8>& cells, std::ostream& out) {
  constexpr std::array<std::size_t, 7> widths{11, 12, 12, 12, 8, 13, 8};
  out << cells[0] << std::string(6 - std::min<std::size_t>(cells[0].size(), 6), ' ');
  for (std::size_t i = 1; i < cells.size(); ++i) out << padded_left(cells[i], widths[i - 1]);
  out << '\n';
}

std::string filter(std::string_view value) { return value.empty() ? "any" : visible(value); }

void print_metric(const metric_report& m, std::ostream& out) {
  const bool measured = m.count > 0;
  auto value = [&](double v) { return measured ? format_value(m.name, v) : std::string(none); };
  auto share = [&](double v) { return measured ? format_share(v) : std::string(none); };
  print_row({std::string(definition(m.name).name), format_count(m.count), value(m.p75),
             value(m.p90), value(m.p99), share(m.good), share(m.needs_improvement), share(m.poor)},
            out);
}

void print_targets(std::string_view title, const std::vector<storage::vitals_target>& targets,
                   bool with_type, std::ostream& out) {
  out << '\n' << title << '\n';
  if (targets.empty()) out << "  none recorded\n";
  for (const auto& t : targets) {
    out << padded_left(format_count(t.count), 11) << "  ";
    if (with_type) {
      const auto type = visible(t.interaction_type.empty() ? "?" : t.interaction_type);
      out << type << std::string(type.size() < 10 ? 10 - type.size() : 0, ' ');
    }
    out << visible(t.target) << '\n';
  }
}

}  // namespace

void print_text(const report& r, std::ostream& out) {
  const auto& o = r.options;
  const auto days = o.today - first_day(o) + 1;
  out << "Web Vitals from " << format_day(first_day(o)) << " to " << format_day(o.today) << " ("
      << days << (days == 1 ? " day" : " days") << "); route " << filter(o.route) << ", locale "
      << filter(o.locale) << ", device " << filter(o.device) << "\n\n";
  print_row({"Metric", "Count", "p75", "p90", "p99", "Good", "Needs impr.", "Poor"}, out);
  for (const auto& m : r.metrics) print_metric(m, out);
  out << "\nReal Experience Score: ";
  if (r.score) {
    out << *r.score << "/100\n";
  } else {
    out << "no data\n";
  }
  print_targets("Most frequent LCP elements", r.top_lcp_elements, false, out);
  print_targets("Most frequent INP targets", r.top_inp_targets, true, out);
}

}  // namespace landing::vitals
