# Turns the binary file IN into a C++ include OUT defining a byte array
# named VAR: cmake -DIN=... -DOUT=... -DVAR=... -P EmbedFile.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(([^,]*,){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// Generated from ${IN} by cmake/EmbedFile.cmake. Do not edit.\n"
  "static const unsigned char ${VAR}[] = {\n${bytes}\n};\n"
  "static const unsigned long ${VAR}Size = ${size};\n")
