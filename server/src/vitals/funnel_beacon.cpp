#include "vitals/funnel_beacon.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "attribution/source.hpp"

namespace landing::vitals {
namespace {

namespace json = boost::json;

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& allowed, std::string_view value) {
  return std::find(allowed.begin(), allowed.end(), value) != allowed.end();
}

parsed_funnel refuse(std::string code, std::string where) {
  return {std::nullopt, refusal{std::move(code), std::move(where)}};
}

}  // namespace

parsed_funnel parse_funnel(std::string_view body) {
  if (body.size() > max_funnel_body_bytes) return refuse("too_large", "");
  boost::system::error_code ec;
  const auto value = json::parse(body, ec);
  if (ec || !value.is_object()) return refuse("malformed", "");
  const auto& top = value.as_object();
  for (const auto& [key, _] : top) {
    if (key != "v" && key != "locale" && key != "device" && key != "steps" && key != "source") {
      return refuse("unknown_field", "");
    }
  }
  const auto* version = top.if_contains("v");
  if (!version || !version->is_int64() || version->as_int64() != 1) return refuse("version", "v");

  funnel_beacon out;
  const auto text = [&](std::string_view key, auto allowed, std::string& into) {
    const auto* field = top.if_contains(key);
    const auto* s = field ? field->if_string() : nullptr;
    if (!s || !one_of(allowed, *s)) return false;
    into = std::string(*s);
    return true;
  };
  if (!text("locale", locales, out.locale)) return refuse("locale", "locale");
  if (!text("device", devices, out.device)) return refuse("device", "device");

  const auto* steps = top.if_contains("steps");
  if (!steps || !steps->is_array() || steps->as_array().empty() ||
      steps->as_array().size() > page_steps.size()) {
    return refuse("steps", "steps");
  }
  for (std::size_t i = 0; i < steps->as_array().size(); ++i) {
    const auto where = "steps[" + std::to_string(i) + "]";
    const auto* step = steps->as_array()[i].if_string();
    if (!step || !one_of(page_steps, *step)) return refuse("step", where);
    if (std::find(out.steps.begin(), out.steps.end(), *step) != out.steps.end()) {
      return refuse("duplicate_step", where);
    }
    out.steps.emplace_back(*step);
  }
  const auto* source = top.if_contains("source");
  out.source_class =
      source ? attribution::arrival_class(*source) : std::string(attribution::direct_class);
  return {std::move(out), std::nullopt};
}

}  // namespace landing::vitals
