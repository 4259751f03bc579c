#pragma once

#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "storage/lead.hpp"

// A lead as amoCRM's incoming leads of the forms kind take it (developers.kommo.com/reference/
// incoming-leads-form): our lead id as source_uid and metadata.form_id, the contact's name,
// e-mail and phone; the message, the handle, the language, the consent and the source go in a
// note on its lead (API v4 has no messenger field, developers.kommo.com/reference/custom-fields).
namespace landing::amocrm {

// The body of POST /api/v4/leads/unsorted/forms for one lead. `site` is the site's host; `test`
// marks a test lead (amocrm test) in its name.
std::string form_body(const storage::lead& item, std::string_view site, bool test = false);

// The text of the note on the lead: the message, then the details. Its last line names our lead
// id, which is how a retry knows the note is there. `chat_link`, when not empty, is the link to
// the lead's message in the studio's chat.
std::string note_text(const storage::lead& item, std::string_view site,
                      std::string_view chat_link = {});
// The line the note ends with.
std::string note_mark(std::string_view lead_id);

// An incoming lead found by our id in a page of GET /api/v4/leads/unsorted.
struct found_lead {
  std::string uid;           // the incoming lead's
  std::int64_t lead_id = 0;  // its lead's (0: none given)
};
struct page_search {
  std::optional<found_lead> found;
  bool older = false;  // the page reached leads older than ours: no later page can hold it
};
// `body`: the page (newest first); `created_s`: our lead's time, as sent in created_at.
page_search search_page(const boost::json::value& body, std::string_view lead_id,
                        std::int64_t created_s);

// The incoming lead an add made, from its answer (which lists what was added, in the order sent:
// one here).
found_lead added_incoming(const boost::json::value& body);

// A lead of a page of GET /api/v4/leads?query=<our id> whose name carries our id (form_body ends
// each lead's name with it): the incoming lead a manager accepted. Its id, or nothing.
std::optional<std::int64_t> search_leads(const boost::json::value& body, std::string_view lead_id);

// The body of POST /api/v4/leads/notes for one common note on `lead_id`.
std::string note_body(std::int64_t lead_id, const std::string& text);
// Whether a page of GET /api/v4/leads/{id}/notes holds the note with our mark.
bool has_note(const boost::json::value& body, std::string_view lead_id);

}  // namespace landing::amocrm
