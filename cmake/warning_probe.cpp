// dmlref-warning-probe: a translation unit with one warning of the project's set (-Wshadow,
// a local shadowing a parameter) and nothing else wrong. Built only by the test
// tools.warnings-as-errors: an error where CMAKE_COMPILE_WARNING_AS_ERROR is on (the presets),
// a warning elsewhere (a plain configure with a user's own compiler).
int dmlref_warning_probe(int value) {
  int result = value;
  {
    int value = result + 1;  // -Wshadow: shadows the parameter
    result += value;
  }
  return result;
}
