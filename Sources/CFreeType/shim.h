#include <ft2build.h>
#include <freetype/freetype.h>
#include <freetype/ftmodapi.h>
