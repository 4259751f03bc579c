#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

#include "storage/lead.hpp"

// A lead as Bitrix24's crm.lead.add takes it (api-reference/crm/leads/crm-lead-add.md): the
// contact's name, e-mail and messenger, the message, the UTM tags, the source, and our lead's id
// as ORIGIN_ID under our ORIGINATOR_ID, so a retry finds what an earlier attempt stored.
namespace landing::bitrix24 {

// Who we are in ORIGINATOR_ID: a retry looks its lead up by this and the lead's id.
inline constexpr std::string_view originator = "landing-server";

// How the visitor's «Telegram / WhatsApp» answer goes into the lead's multifields: a phone
// number into PHONE (and WhatsApp is reached by it), anything else into IM as TELEGRAM.
struct social_field {
  std::string field;       // IM or PHONE
  std::string value_type;  // TELEGRAM, WORK
  std::string value;
};
social_field social_of(std::string_view social);

// `site` names the site in the title and the source's description (its host, e.g.
// mintline.studio); `test` marks a test lead (landing-server bitrix24 test) in its title;
// `chat_link`, when there is one, is the link to the lead's message in the studio's chat.
boost::json::object lead_fields(const storage::lead& item, std::string_view site, bool test = false,
                                std::string_view chat_link = {});

// The parameters of crm.lead.add: the fields, and the event that notifies the lead's person.
boost::json::object add_params(const storage::lead& item, std::string_view site, bool test = false,
                               std::string_view chat_link = {});

// The parameters of the look-up by our id (crm.lead.list, exact filter, the ID only).
boost::json::object find_params(std::string_view lead_id);

}  // namespace landing::bitrix24
