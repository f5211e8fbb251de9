// OpenCC's C API (opencc_open, opencc_convert_utf8 …); pkg-config puts its folder on the path.
#include <opencc.h>
