# Turns a text file into a C++ source defining
#   extern const char commcostDefaultProfileText[];
# so the default profile ships inside libcommcost. Run with -DIN= -DOUT=.
file(READ ${IN} TEXT)
set(DELIM "commcost_json")
file(WRITE ${OUT}.tmp
  "// Generated from ${IN}; do not edit.\n"
  "namespace commcost { extern const char commcostDefaultProfileText[];\n"
  "const char commcostDefaultProfileText[] = R\"${DELIM}(${TEXT})${DELIM}\"; }\n")
file(RENAME ${OUT}.tmp ${OUT})
