#pragma once

#include <cstdint>
#include <string>

// The records the store keeps. Plain data: the rules about them live in leads/ and telegram/.
namespace landing::storage {

// The spec's four form fields.
struct contact_fields {
  std::string name;
  std::string social;
  std::string email;
  std::string message;
};

// What the contact endpoint hands to the writer.
struct new_lead {
  contact_fields fields;  // normalized
  std::string locale;
  std::string client;
  bool spam = false;
  std::string source{};        // contract/lead-source.json as stored JSON; empty when unknown
  std::string source_class{};  // what the report groups by; empty when unknown
  // The consent document's version the visitor ticked; empty when none was asked. With the
  // lead's locale, client and created_at it is the record of consent the law asks for.
  std::string consent_version{};
};

struct lead {
  std::string id;
  std::int64_t created_at = 0;  // unix ms
  contact_fields fields;
  std::string locale;
  std::string client;
  std::string status;  // pending, held, spam, delivered, failed
  std::int64_t attempts = 0;
  std::string last_error;
  std::int64_t delivered_at = 0;
  std::int64_t next_attempt_at = 0;  // only for leads in the outbox
  std::string source;                // as in new_lead
  std::string source_class;
  std::string consent_version;
};

struct outbox_stats {
  std::int64_t depth = 0;
  std::int64_t oldest_created_at = 0;  // 0 when empty
  std::int64_t last_delivered_at = 0;  // 0 when none yet
};

}  // namespace landing::storage
