// Plain-text tables with aligned columns, for the record commands' output.
#pragma once

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace commcost {

class TextTable {
public:
  /// Header cells; a column whose header starts with '>' is right-aligned
  /// (the '>' is not printed).
  explicit TextTable(std::vector<std::string> Header);
  void addRow(std::vector<std::string> Cells);
  /// A line printed under the last row, indented, outside the columns.
  void addNote(std::string Text);
  bool empty() const { return Rows.empty(); }
  void print(llvm::raw_ostream &OS, unsigned Indent = 2) const;

private:
  struct Row {
    std::vector<std::string> Cells;
    std::vector<std::string> Notes;
  };
  std::vector<std::string> Header;
  std::vector<bool> Right;
  std::vector<Row> Rows;
};

} // namespace commcost
