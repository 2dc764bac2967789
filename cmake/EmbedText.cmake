# Writes OUTPUT, a C++ source defining gpq::http::openapi_document() as the text of INPUT.
# Run as: cmake -DINPUT=... -DOUTPUT=... -P EmbedText.cmake
file(READ "${INPUT}" _text)
string(FIND "${_text}" ")gpq_text\"" _clash)
if(NOT _clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter )gpq_text\"")
endif()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by cmake/EmbedText.cmake; do not edit.\n"
  "#include \"http/api/openapi.h\"\n\n"
  "namespace gpq::http {\n\n"
  "std::string_view openapi_document() noexcept {\n"
  "  static constexpr std::string_view kText = R\"gpq_text(${_text})gpq_text\";\n"
  "  return kText;\n"
  "}\n\n"
  "}  // namespace gpq::http\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
