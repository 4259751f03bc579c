#include "amocrm/incoming.hpp"

#include <boost/json/serialize.hpp>

#include "attribution/source.hpp"
#include "common/crm_text.hpp"

namespace landing::amocrm {
namespace {

const boost::json::array* embedded_list(const boost::json::value& body, const char* key) {
  const auto* object = body.if_object();
  const auto* embedded = object != nullptr ? object->if_contains("_embedded") : nullptr;
  const auto* inner = embedded != nullptr ? embedded->if_object() : nullptr;
  const auto* list = inner != nullptr ? inner->if_contains(key) : nullptr;
  return list != nullptr ? list->if_array() : nullptr;
}

// An incoming lead of a list (the look-up's page, the add's answer) as found_lead: its uid and
// its lead's id.
found_lead lead_of(const boost::json::value& row) {
  found_lead out;
  const auto* object = row.if_object();
  if (object == nullptr) return out;
  if (const auto* uid = object->if_contains("uid"); uid && uid->is_string()) {
    out.uid = uid->as_string();
  }
  if (const auto* leads = embedded_list(row, "leads"); leads && !leads->empty()) {
    if (const auto* first = leads->front().if_object()) {
      if (const auto* id = first->if_contains("id"); id && id->is_int64()) {
        out.lead_id = id->as_int64();
      }
    }
  }
  return out;
}

}  // namespace

std::string form_body(const storage::lead& item, std::string_view site, bool test) {
  const auto& f = item.fields;
  const auto from = attribution::from_json(item.source);
  const auto sent_s = item.created_at / 1000;
  boost::json::object metadata{
      {"form_id", item.id},
      {"form_name", std::string(test ? "Тест landing-server" : "Заявка с сайта")},
      {"form_page", "https://" + std::string(site) + (from ? from->landing : std::string())},
      {"form_sent_at", sent_s}};
  if (from && !from->referrer.empty()) metadata["referer"] = "https://" + from->referrer + "/";
  boost::json::array contact_fields;
  if (!f.email.empty()) {
    contact_fields.push_back(
        {{"field_code", "EMAIL"},
         {"values", boost::json::array{{{"value", f.email}, {"enum_code", "WORK"}}}}});
  }
  if (crm_text::phone_like(f.social)) {
    contact_fields.push_back(
        {{"field_code", "PHONE"},
         {"values", boost::json::array{{{"value", f.social}, {"enum_code", "MOB"}}}}});
  }
  boost::json::object contact{{"name", f.name}};
  if (!contact_fields.empty()) contact["custom_fields_values"] = std::move(contact_fields);
  // Our id ends the lead's name: a lead a manager accepted before a retry left the incoming leads,
  // and GET /api/v4/leads?query= finds it again by its name (search_leads).
  const auto title = (test ? std::string("Тест landing-server: ") : std::string()) + f.name +
                     " — " + std::string(site) + " · " + item.id;
  boost::json::object incoming{{"source_name", std::string(site)},
                               {"source_uid", item.id},
                               {"created_at", sent_s},
                               {"metadata", std::move(metadata)},
                               {"_embedded",
                                {{"leads", boost::json::array{{{"name", title}}}},
                                 {"contacts", boost::json::array{std::move(contact)}}}}};
  return boost::json::serialize(boost::json::array{std::move(incoming)});
}

std::string note_mark(std::string_view lead_id) {
  return "— Заявка " + std::string(lead_id) + " (landing-server)";
}

std::string note_text(const storage::lead& item, std::string_view site,
                      std::string_view chat_link) {
  std::string out = item.fields.message + "\n\n";
  out += "— Telegram / WhatsApp: " + item.fields.social + "\n";
  out += "— Язык страницы: " + item.locale + "\n";
  if (!item.consent_version.empty()) {
    out += "— Согласие на обработку персональных данных: версия " + item.consent_version + ", " +
           crm_text::utc_minute(item.created_at) + "\n";
  }
  if (const auto from = attribution::from_json(item.source)) {
    std::string tags;
    for (const auto* each : {&from->utm_source, &from->utm_medium, &from->utm_campaign,
                             &from->utm_term, &from->utm_content}) {
      if (!each->empty()) tags += (tags.empty() ? "" : " / ") + *each;
    }
    if (!tags.empty()) out += "— UTM: " + tags + "\n";
    if (!from->referrer.empty()) out += "— Переход с " + from->referrer + "\n";
    if (!from->landing.empty()) out += "— Страница: " + std::string(site) + from->landing + "\n";
  }
  if (item.unproven) out += "— Форма отправлена без JavaScript (без проверки)\n";
  if (!chat_link.empty()) out += "— Сообщение в чате студии: " + std::string(chat_link) + "\n";
  return out + note_mark(item.id);
}

page_search search_page(const boost::json::value& body, std::string_view lead_id,
                        std::int64_t created_s) {
  page_search out;
  const auto* list = embedded_list(body, "unsorted");
  if (list == nullptr) return out;
  for (const auto& each : *list) {
    const auto* row = each.if_object();
    if (row == nullptr) continue;
    const auto* source = row->if_contains("source_uid");
    if (source != nullptr && source->is_string() && source->as_string() == lead_id) {
      auto found = lead_of(each);
      if (found.uid.empty()) continue;
      out.found = std::move(found);
      return out;
    }
    // Newest first: a lead made a minute before ours means ours is not further on.
    if (const auto* at = row->if_contains("created_at"); at && at->is_int64()) {
      if (at->as_int64() < created_s - 60) out.older = true;
    }
  }
  return out;
}

found_lead added_incoming(const boost::json::value& body) {
  const auto* list = embedded_list(body, "unsorted");
  return list != nullptr && !list->empty() ? lead_of(list->front()) : found_lead{};
}

std::string note_body(std::int64_t lead_id, const std::string& text) {
  return boost::json::serialize(boost::json::array{
      {{"entity_id", lead_id}, {"note_type", "common"}, {"params", {{"text", text}}}}});
}

bool has_note(const boost::json::value& body, std::string_view lead_id) {
  const auto* list = embedded_list(body, "notes");
  if (list == nullptr) return false;
  const auto mark = note_mark(lead_id);
  for (const auto& each : *list) {
    const auto* params = each.is_object() ? each.as_object().if_contains("params") : nullptr;
    const auto* text = params != nullptr && params->is_object()
                           ? params->as_object().if_contains("text")
                           : nullptr;
    if (text != nullptr && text->is_string() &&
        std::string_view(text->as_string()).find(mark) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

std::optional<std::int64_t> search_leads(const boost::json::value& body, std::string_view lead_id) {
  const auto* list = embedded_list(body, "leads");
  if (list == nullptr || lead_id.empty()) return std::nullopt;
  for (const auto& each : *list) {
    const auto* row = each.if_object();
    if (row == nullptr) continue;
    const auto* name = row->if_contains("name");
    const auto* id = row->if_contains("id");
    // The search is the account's (over every field, by words); the name is checked here.
    if (name != nullptr && name->is_string() && id != nullptr && id->is_int64() &&
        std::string_view(name->as_string()).find(lead_id) != std::string_view::npos) {
      return id->as_int64();
    }
  }
  return std::nullopt;
}

}  // namespace landing::amocrm
