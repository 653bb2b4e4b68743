// The registry (attn/registry.h) is the one list of language pairs and tasks: each pair's place is its corpus
// language, every name is a task, every example sentence and probe is one the grammar translates, and the JSON the
// JavaScript table is generated from says the same (tests/web/lib/registry.test.js holds that file to the module).
#include "attn/registry.h"

#include <gtest/gtest.h>

#include <set>

#include "../../cpp/src/data/grammar.h"
#include "grammar_test_util.h"

namespace attn::registry {
namespace {

using corpus::testing::words;

TEST(Registry, EachPairSitsAtItsLanguagesPlaceAndNamesItsTask) {
  std::set<std::string> ids;
  for (std::size_t i = 0; i < language_pairs().size(); ++i) {
    const LanguagePair& pair = language_pairs()[i];
    EXPECT_EQ(static_cast<std::size_t>(pair.language), i) << pair.id;
    EXPECT_EQ(&language_pair(pair.language), &pair);
    EXPECT_EQ(find_language_pair(pair.id), &pair);
    EXPECT_STREQ(tasks::translation_task_name(pair.language), pair.id);
    EXPECT_EQ(std::string(pair.id), std::string(pair.source_language) + "-" + pair.grammar().code());
    EXPECT_NE(tasks::named_task(pair.id, {}, 1), nullptr) << pair.id;
    EXPECT_TRUE(ids.insert(pair.id).second) << pair.id << " twice";
  }
  for (const SequenceTask& task : sequence_tasks()) {
    EXPECT_EQ(find_sequence_task(task.id), &task);
    EXPECT_NE(tasks::named_task(task.id, {}, 1), nullptr) << task.id;
    EXPECT_TRUE(ids.insert(task.id).second) << task.id << " twice";
    EXPECT_TRUE(tasks::named_task(task.id, {}, 1)->reference(words(task.probe))) << task.id << ": " << task.probe;
  }
  EXPECT_EQ(find_language_pair("reverse"), nullptr);
  EXPECT_EQ(find_sequence_task("en-es"), nullptr);
  EXPECT_EQ(tasks::named_task("en-xx", {}, 1), nullptr);
}

TEST(Registry, ExamplesAndProbesAreSentencesTheGrammarTranslates) {
  for (const LanguagePair& pair : language_pairs()) {
    ASSERT_FALSE(pair.examples.empty()) << pair.id;
    for (const char* sentence : pair.examples)
      EXPECT_TRUE(corpus::translate_by_grammar(words(sentence), pair.language)) << pair.id << ": " << sentence;
    EXPECT_TRUE(corpus::translate_by_grammar(words(pair.probe), pair.language)) << pair.id << ": " << pair.probe;
    // A shipped model is named after its pair (web/lib finds it by name: models/<pair>.bin), and only a shipped
    // model can be in the package.
    if (*pair.model_file != '\0') EXPECT_EQ(std::string(pair.model_file), std::string(pair.id) + ".bin");
    if (*pair.model_file == '\0') EXPECT_FALSE(pair.model_in_package) << pair.id;
  }
}

TEST(Registry, MessagesListTheNamesInTheTablesOrder) {
  std::string pairs, tasks;
  for (std::size_t i = 0; i < language_pairs().size(); ++i) {
    const std::string quoted = std::string("'") + language_pairs()[i].id + "'";
    pairs += (i == 0 ? "" : i + 1 == language_pairs().size() ? " or " : ", ") + quoted;
    tasks += (i == 0 ? "" : ", ") + quoted;
  }
  for (const SequenceTask& task : sequence_tasks()) tasks += std::string(", '") + task.id + "'";
  EXPECT_EQ(quoted_pair_names(), pairs);
  EXPECT_EQ(quoted_task_names(), tasks);
  EXPECT_EQ(quoted_pair_names().rfind("'en-es', 'en-ja'", 0), 0u);  // as the messages said before the registry
}

TEST(Registry, JsonCarriesEveryEntry) {
  const std::string json = registry_json();
  EXPECT_EQ(json.rfind("{\"languagePairs\":[{\"id\":\"en-es\",\"source\":\"en\",\"target\":\"es\",\"script\":\"Latn\","
                       "\"model\":\"en-es.bin\",\"modelInPackage\":true,\"probe\":\"i see the big houses\",",
                       0),
            0u);
  for (const LanguagePair& pair : language_pairs())
    for (const char* sentence : pair.examples)
      EXPECT_NE(json.find(std::string("\"") + sentence + "\""), std::string::npos);
  EXPECT_NE(json.find("\"sequenceTasks\":[{\"id\":\"reverse\",\"probe\":\"3 1 4 1 5 9\"}"), std::string::npos);
}

}  // namespace
}  // namespace attn::registry
