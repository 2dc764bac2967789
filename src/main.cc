#include "cli/app.h"

int main(int argc, char** argv) {
  return gpq::cli::run(argc, argv);
}
