#include <geodesic.h>
