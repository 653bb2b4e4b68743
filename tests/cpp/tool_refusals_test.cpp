// The native tools run the module's checks before they train: a shape createTrainer() refuses, the tool refuses too,
// printing the module's own words and exiting non-zero, without a training step or a file written.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include "attn/checks.h"
#include "attn/language_model_setup.h"
#include "attn/trainer_setup.h"

namespace {

using namespace attn;

struct ToolRun {
  int exit_code = -1;  // -1: killed by a signal
  std::string output;  // stdout and stderr together
};

ToolRun run_tool(const std::string& tool, const std::string& arguments) {
  const std::string command = std::string(ATTN_TOOLS_DIR "/") + tool + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr) << command;
  ToolRun run;
  if (!pipe) return run;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string scratch_file(const char* name) {
  const auto path = std::filesystem::temp_directory_path() / (std::string("tool_refusals_test_") + name);
  std::filesystem::remove(path);
  return path.string();
}

// What createTrainer() answers for the recipe's options (scripts/train-model.sh) with this shape.
std::string module_refusal(double d_model, double heads) {
  check::TrainerRequest request;
  request.numbers = {7, 1, 4000, 48, 0.003, 200, d_model, heads, 64, 2, 2, heads};
  request.task = "en-es";
  return check::trainer_setup(request).error.message;
}

TEST(ToolRefusals, TrainRefusesHeadsThatDoNotDivideTheWidthBeforeAStep) {
  const std::string out = scratch_file("heads.bin");
  const ToolRun run = run_tool("train", "--heads 3 --d-model 32 --steps 1 --out " + out);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(module_refusal(32, 3), "model.heads must divide model.dModel = 32, got 3");
  EXPECT_EQ(run.output, module_refusal(32, 3) + "\n");
  EXPECT_FALSE(std::filesystem::exists(out)) << "a refused run writes no model file";
}

// Seeded: shapes the module refuses (widths and head counts drawn at random, kept when refused), each refused by
// the tool in the same words.
TEST(ToolRefusals, TrainRefusesEveryShapeTheModuleRefusesInItsWords) {
  std::mt19937 rng(58);
  std::uniform_int_distribution<int> width(1, 600), heads(1, 12);
  int refused = 0;
  while (refused < 4) {
    const double d = width(rng), h = heads(rng);
    const std::string expected = module_refusal(d, h);
    if (expected.empty()) continue;  // a shape the module accepts would train: not this test's case
    // The module's parameter budget depends on the vocabularies (540 words since issue 62): the tool trains what
    // it is given (a shipped recipe may be bigger than the page's), so a shape refused only for its size is not
    // this test's case either.
    if (expected.find("the trainer's limit is") != std::string::npos) continue;
    ++refused;
    const ToolRun run = run_tool("train", "--d-model " + check::message_number(d) + " --heads " +
                                              check::message_number(h) + " --out " + scratch_file("random.bin"));
    EXPECT_EQ(run.exit_code, 1) << "D=" << d << " H=" << h;
    EXPECT_EQ(run.output, expected + "\n") << "D=" << d << " H=" << h;
  }
}

TEST(ToolRefusals, TrainStillTrainsAShapeTheModuleAccepts) {
  const std::string out = scratch_file("small.bin");
  const ToolRun run = run_tool("train",
                               "--steps 1 --warmup 0 --batch 4 --held-out 2 --d-model 8 --heads 2 --ffn 8 "
                               "--encoder-layers 1 --decoder-layers 1 --out " +
                                   out);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("trained 1 steps"), std::string::npos) << run.output;
  EXPECT_TRUE(std::filesystem::exists(out));
  std::filesystem::remove(out);
}

TEST(ToolRefusals, TrainLanguageModelRefusesBeforeReadingItsCorpus) {
  check::LanguageModelRequest request;
  request.numbers = {7, 1, 2000, 16, 0.003, 100, 64, 3, 256, 1, 1, 3};
  const std::string expected = check::language_model_setup(request).error.message;
  EXPECT_EQ(expected, "model.heads must divide model.dModel = 64, got 3");
  const ToolRun run =
      run_tool("train_language_model", "--heads 3 --kv-heads 3 --corpus /nonexistent/corpus.txt --steps 1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.output, expected + "\n");
}

TEST(ToolRefusals, TranslateRefusesATemperatureTranslateRefuses) {
  const ToolRun run = run_tool("translate", "--temperature 0 --model " ATTN_SOURCE_DIR "/web/lib/models/en-es.bin");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.output, check::logit_params(1.0, 0).message + "\n");
}

}  // namespace
