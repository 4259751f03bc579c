#pragma once

#include "storage/chat_turn.hpp"
#include "storage/postgres/database.hpp"

namespace landing::storage::postgres {

// The chat's turn in PostgreSQL (chat_state), shared by the replicas.
class chat_turn_rows : public virtual chat_turn_role {
 public:
  explicit chat_turn_rows(database& db) : db_(db) {}

  turn take_turn(const std::string& owner, std::int64_t now_ms, std::int64_t hold_ms) override;
  void end_turn(const std::string& owner, std::int64_t next_send_ms) override;

 private:
  database& db_;
};

}  // namespace landing::storage::postgres
