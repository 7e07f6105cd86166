// Cutting quoted values in error messages (see Clip.h).
#include "commcost/Clip.h"

namespace commcost {

std::string clip(std::string_view Text, size_t Max) {
  if (Text.size() <= Max)
    return std::string(Text);
  size_t Keep = Max;
  // Back up over UTF-8 continuation bytes (10xxxxxx) so that the cut falls
  // between characters.
  while (Keep > 0 && (static_cast<unsigned char>(Text[Keep]) & 0xC0) == 0x80)
    --Keep;
  return std::string(Text.substr(0, Keep)) + "... (" +
         std::to_string(Text.size()) + " bytes)";
}

} // namespace commcost
