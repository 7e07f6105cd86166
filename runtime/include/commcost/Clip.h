// Values quoted in error messages, cut to a readable length. A malformed
// input can be megabytes long (a 50 MB formula, a key of a million
// characters); every message that repeats what the user wrote passes it
// through clip() so that an error stays one screen long.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace commcost {

/// How many bytes of a value a message repeats.
inline constexpr size_t MaxQuotedBytes = 60;

/// Text itself if it has at most Max bytes, else its first Max bytes (never
/// half a UTF-8 character) followed by "... (N bytes)".
std::string clip(std::string_view Text, size_t Max = MaxQuotedBytes);

} // namespace commcost
