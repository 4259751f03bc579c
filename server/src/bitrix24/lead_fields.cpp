#include "bitrix24/lead_fields.hpp"

#include <boost/json/parse.hpp>

#include "attribution/source.hpp"
#include "common/crm_text.hpp"

namespace landing::bitrix24 {
namespace {

// The source's description: where the visitor landed, from where, and which ad click ids came.
std::string source_description(const attribution::source& from, std::string_view site) {
  std::string out(site);
  out += from.landing.empty() ? std::string() : from.landing;
  if (!from.referrer.empty()) out += ", переход с " + from.referrer;
  if (!from.ref.empty()) out += ", ref " + from.ref;
  std::string clicks;
  for (const auto& [present, name] :
       {std::pair{from.gclid, "gclid"}, std::pair{from.yclid, "yclid"},
        std::pair{from.fbclid, "fbclid"}}) {
    if (present) clicks += clicks.empty() ? name : std::string(", ") + name;
  }
  if (!clicks.empty()) out += ", клик по рекламе (" + clicks + ")";
  return out;
}

}  // namespace

social_field social_of(std::string_view social) {
  if (crm_text::phone_like(social)) return {"PHONE", "WORK", std::string(social)};
  return {"IM", "TELEGRAM", std::string(social)};
}

boost::json::object lead_fields(const storage::lead& item, std::string_view site, bool test,
                                std::string_view chat_link) {
  const auto& f = item.fields;
  boost::json::object out;
  out["TITLE"] = (test ? std::string("Тест landing-server: ") : std::string()) + f.name + " — " +
                 std::string(site);
  out["NAME"] = f.name;
  if (!f.email.empty()) {
    out["EMAIL"] = boost::json::array{{{"VALUE", f.email}, {"VALUE_TYPE", "WORK"}}};
  }
  if (!f.social.empty()) {
    const auto social = social_of(f.social);
    out[social.field] =
        boost::json::array{{{"VALUE", social.value}, {"VALUE_TYPE", social.value_type}}};
  }
  std::string comments = f.message;
  comments += "\n\n— Язык страницы: " + item.locale;
  if (!item.consent_version.empty()) {
    comments += "\n— Согласие на обработку персональных данных: версия " + item.consent_version +
                ", " + crm_text::utc_minute(item.created_at);
  }
  if (item.unproven) comments += "\n— Форма отправлена без JavaScript (без проверки)";
  if (!chat_link.empty()) comments += "\n— Сообщение в чате студии: " + std::string(chat_link);
  comments += "\n— Заявка " + item.id + " на сайте " + std::string(site);
  out["COMMENTS"] = comments;
  out["SOURCE_ID"] = "WEB";
  const auto from = attribution::from_json(item.source);
  out["SOURCE_DESCRIPTION"] = from ? source_description(*from, site) : std::string(site);
  if (from) {
    for (const auto& [key, value] :
         {std::pair{"UTM_SOURCE", &from->utm_source}, std::pair{"UTM_MEDIUM", &from->utm_medium},
          std::pair{"UTM_CAMPAIGN", &from->utm_campaign}, std::pair{"UTM_TERM", &from->utm_term},
          std::pair{"UTM_CONTENT", &from->utm_content}}) {
      if (!value->empty()) out[key] = *value;
    }
  }
  out["ORIGINATOR_ID"] = originator;
  out["ORIGIN_ID"] = item.id;
  out["OPENED"] = "Y";
  return out;
}

boost::json::object add_params(const storage::lead& item, std::string_view site, bool test,
                               std::string_view chat_link) {
  return {{"fields", lead_fields(item, site, test, chat_link)},
          {"params", {{"REGISTER_SONET_EVENT", "Y"}}}};
}

boost::json::object find_params(std::string_view lead_id) {
  return {{"filter", {{"=ORIGINATOR_ID", originator}, {"=ORIGIN_ID", lead_id}}},
          {"select", boost::json::array{"ID"}}};
}

}  // namespace landing::bitrix24
