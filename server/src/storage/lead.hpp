#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
  // The nonce of the proof of work it came with (spam/proof_of_work.hpp), spent as the lead is
  // taken; empty when none came (a form posted without JavaScript).
  std::string proof_nonce{};
  std::int64_t proof_expires_at = 0;  // unix ms: how long the nonce is kept spent
  // Taken without a proof: a form posted without JavaScript, which cannot solve one. The chat,
  // `leads show` and the CSV say so.
  bool unproven = false;
  // Its words as spam/repeats.hpp keys them; empty for a short message.
  std::string message_key{};
};

// One lead's delivery to one channel (telegram, webhook, email): its row in the outbox, kept
// after it settles so the lead's state per channel can be shown.
struct channel_delivery {
  std::string channel;
  std::string status;  // pending, delivered, failed, disabled
  std::int64_t attempts = 0;
  std::string last_error{};
  std::int64_t next_attempt_at = 0;  // unix ms; meaningful while pending
  std::int64_t delivered_at = 0;     // 0 until delivered
};

struct lead {
  std::string id;
  std::int64_t created_at = 0;  // unix ms
  contact_fields fields;
  std::string locale;
  std::string client;
  // held (no channel was configured), spam, or for the others the sum of its channels:
  // delivered once any channel delivered it (the studio has it), pending while one still tries,
  // failed when every channel gave up.
  std::string status;
  std::int64_t delivered_at = 0;  // the first channel's delivery; 0 until then
  std::string source;             // as in new_lead
  std::string source_class;
  std::string consent_version;
  bool unproven = false;                       // as in new_lead
  std::string message_key{};                   // as in new_lead
  std::vector<channel_delivery> deliveries{};  // by channel name; filled by find and list
};

// The figures /healthz and /metrics show for one channel.
struct channel_figures {
  std::string channel;
  std::int64_t pending = 0;
  std::int64_t delivered = 0;
  std::int64_t failed = 0;
  std::int64_t disabled = 0;
  std::int64_t oldest_pending_at = 0;  // the oldest pending lead's created_at; 0 when none
  std::int64_t last_delivered_at = 0;  // 0 when none yet
};

// One attempt to deliver, for the delivery log: when, how it ended and how long it took. No
// body, nothing of the lead but its id.
struct attempt_record {
  std::int64_t at = 0;  // unix ms, the attempt's start
  std::string result;   // an HTTP or SMTP status code, or an error class (timeout, refused...)
  std::int64_t latency_ms = 0;
};

}  // namespace landing::storage
