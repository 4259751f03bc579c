#pragma once

#include <iosfwd>
#include <string>

#include "storage/store.hpp"

// Data subjects' requests from the command line (GDPR Art. 15 and 17; 152-FZ art. 14 and 21):
// everything stored about a person, and its erasure with a record. Each returns the exit code:
// 0 done, 1 no such subject (one line on err), 2 bad arguments.
namespace landing::privacy::cli {

// Whom a request is about: the e-mail a visitor gave, or one lead's id. Exactly one is set.
struct subject {
  std::string email;
  std::string id;
};

// One JSON object: each lead with its fields, source, consent record, delivery attempts, triage
// and history.
int export_subject(storage::lead_store& store, const subject& who, std::ostream& out,
                   std::ostream& err);

// Erases the subject's leads (storage/erasure.hpp) and prints what went. `note` is the operator's
// reason, kept in the record: refused (2) when it repeats the subject's own details.
int erase_subject(storage::lead_store& store, const subject& who, const std::string& note,
                  std::ostream& out, std::ostream& err);

// The erasure records since `since` (YYYY-MM-DD, UTC; empty for all), as a table or JSON.
int list_erasures(storage::lead_store& store, const std::string& since, bool json,
                  std::ostream& out, std::ostream& err);

}  // namespace landing::privacy::cli
