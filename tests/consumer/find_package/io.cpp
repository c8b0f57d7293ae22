// Consumer (a), dmlref::io: the case-file reader needs nlohmann/json, which dmlref::io brings.
#if __has_include(<dmlref/io/case_file.hpp>)
#include <dmlref/io/case_file.hpp>
#endif
#include <dmlref/dmlref.hpp>

#include <cstdio>

int main() {
    std::printf("dmlref::io %s\n", DMLREF_VERSION_STRING);
    return 0;
}
