// GPT-2's tokenizer: its pre-tokenizing pattern piece by piece against Python's regex module (the pieces below are
// what regex 2026.5.9 finds with GPT-2's pattern), its files read or refused with the reason, <|endoftext|>, and the
// identity the trainer's gpt2 byte pairs promise: Tokenizer::gpt2(vocab_json(), merges_txt()) encodes every text as
// the trained tokenizer does. (The real 50,257-token files are checked against two independent encoders in
// tests/web/lib/gpt2-tokenizer.test.js.)
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "attn/tokenizer.h"
#include "gpt2_pattern.h"

namespace attn::text {
namespace {

std::vector<std::string> pieces(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t at = 0, end; at < text.size(); at = end) {
    end = gpt2::piece_end(text, at);
    out.emplace_back(text.substr(at, end - at));
  }
  return out;
}

using Pieces = std::vector<std::string>;

TEST(Gpt2Pattern, SplitsAsPythonRegexDoes) {
  EXPECT_EQ(pieces("Hello world"), (Pieces{"Hello", " world"}));
  EXPECT_EQ(pieces("I'm sure they'll say it's 'sam's' DON'T 'S"),
            (Pieces{"I", "'m", " sure", " they", "'ll", " say", " it", "'s", " '", "sam", "'s", "'", " DON", "'", "T",
                    " '", "S"}));
  EXPECT_EQ(pieces("  two spaces\n\nand\tTabs \t\n end  "),
            (Pieces{" ", " two", " spaces", "\n", "\n", "and", "\t", "Tabs", " \t\n", " end", "  "}));
  // \s is White_Space: U+0085 is white space, U+FEFF is not (JavaScript's /\s/ says the opposite of both).
  EXPECT_EQ(pieces("a\u0085b c\uFEFFd \u00A0x\u3000y"),
            (Pieces{"a", "\u0085", "b", " c", "\uFEFF", "d", " ", "\u00A0", "x", "\u3000", "y"}));
  EXPECT_EQ(
      pieces("x1,234.5e-6 \u0663\u0664 \u096A\u096B \u2163 \u00BD"),
      (Pieces{"x", "1", ",", "234", ".", "5", "e", "-", "6", " \u0663\u0664", " \u096A\u096B", " \u2163", " \u00BD"}));
  EXPECT_EQ(pieces("e\u0301t\u00E9 na\u0303o \u0915\u094D\u0937 \u0645\u0631\u062D\u0628\u0627 \u05E9\u05DC"),
            (Pieces{"e", "\u0301", "t\u00E9", " na", "\u0303", "o", " \u0915", "\u094D", "\u0937",
                    " \u0645\u0631\u062D\u0628\u0627", " \u05E9\u05DC"}));
  EXPECT_EQ(pieces("\U0001F468\u200D\U0001F469 \U0001F44D\U0001F3FD!! \u6F22\u5B57\u304B\u306A"),
            (Pieces{"\U0001F468\u200D\U0001F469", " \U0001F44D\U0001F3FD!!", " \u6F22\u5B57\u304B\u306A"}));
  EXPECT_EQ(pieces("!!!?? ...--- \uFFFD\uFFFD a"), (Pieces{"!!!??", " ...---", " \uFFFD\uFFFD", " a"}));
  EXPECT_EQ(pieces(" \n x"), (Pieces{" \n", " x"}));
  // Malformed UTF-8 reads as U+FFFD would: "other" characters, joined to the punctuation around them.
  EXPECT_EQ(pieces("a \xFF\xC3!b"), (Pieces{"a", " \xFF\xC3!", "b"}));
}

TEST(Gpt2Pattern, ClassesComeFromTheGeneratedTable) {
  EXPECT_EQ(gpt2::character_class('a'), gpt2::CharacterClass::letter);
  EXPECT_EQ(gpt2::character_class(0x4E00), gpt2::CharacterClass::letter);  // 一
  EXPECT_EQ(gpt2::character_class(0x0967), gpt2::CharacterClass::number);  // १
  EXPECT_EQ(gpt2::character_class(0x2028), gpt2::CharacterClass::space);
  EXPECT_EQ(gpt2::character_class(0x0301), gpt2::CharacterClass::other);  // a combining mark is neither
  EXPECT_EQ(gpt2::character_class(0x10FFFF), gpt2::CharacterClass::other);
}

// GPT-2's files for a small vocabulary: the 256 bytes spelled by GPT-2's table (id = byte + first_id), then `more`.
std::string spelled_byte(int b) {
  std::string out;
  const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
  int cp = b;
  if (!printable) {
    cp = 0x100;
    for (int c = 0; c < b; ++c) cp += !((c >= '!' && c <= '~') || (c >= 0xA1 && c <= 0xAC) || (c >= 0xAE && c <= 0xFF));
  }
  if (cp < 0x80) return std::string(1, static_cast<char>(cp));
  out += static_cast<char>(0xC0 | cp >> 6);
  out += static_cast<char>(0x80 | (cp & 0x3F));
  return out;
}

std::string escaped(const std::string& token) {
  std::string out;
  for (char c : token) out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return out;
}

std::string vocab(const std::vector<std::string>& more, int first_id = 0) {
  std::string out = "{";
  int id = first_id;
  for (int b = 0; b < 256; ++b) out += (b ? ", \"" : "\"") + escaped(spelled_byte(b)) + "\": " + std::to_string(id++);
  for (const std::string& token : more) out += ", \"" + escaped(token) + "\": " + std::to_string(id++);
  return out + "}";
}

const std::vector<std::string> kMore = {"Ġt", "he", "Ġthe", "Ġa", "<|endoftext|>"};
const std::string kMerges = "#version: 0.2\nĠ t\nh e\nĠt he\nĠ a\n";

std::string refusal(const std::string& vocab_json, const std::string& merges_txt) {
  std::string error;
  return Tokenizer::gpt2(vocab_json, merges_txt, error) ? "accepted" : error;
}

#define EXPECT_REFUSED(vocab_json, merges_txt, words) \
  EXPECT_NE(refusal(vocab_json, merges_txt).find(words), std::string::npos) << refusal(vocab_json, merges_txt)

TEST(Gpt2Files, SmallFilesEncodeByRankWithEndOfText) {
  std::string error;
  const std::optional<Tokenizer> t = Tokenizer::gpt2(vocab(kMore), kMerges, error);
  ASSERT_TRUE(t) << error;
  EXPECT_EQ(t->kind(), TokenizerKind::gpt2);
  EXPECT_EQ(t->size(), 261u);
  EXPECT_EQ(t->end_of_text(), 260);
  // " the" merges to one token by rank (Ġ t, then h e, then Ġt he), "he" alone to another.
  EXPECT_EQ(t->encode("he the"), (std::vector<int>{257, 258}));
  EXPECT_EQ(t->encode("x<|endoftext|> a"), (std::vector<int>{'x', 260, 259}));
  EXPECT_EQ(t->decode(t->encode("x<|endoftext|> a")), "x<|endoftext|> a");
  // The files it would write are the files it was read from (here in id order, as vocab() wrote them).
  EXPECT_EQ(t->vocab_json(), vocab(kMore));
  EXPECT_EQ(t->merges_txt(), kMerges);
  EXPECT_TRUE(t->serialize().empty());  // kept as its files
  // Without <|endoftext|> in the vocabulary the literal is plain text.
  const std::optional<Tokenizer> plain = Tokenizer::gpt2(vocab({"Ġt", "he", "Ġthe", "Ġa"}), kMerges, error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(plain->end_of_text(), -1);
  EXPECT_EQ(plain->encode("<|endoftext|>").size(), 13u);  // "<|", "endoftext", "|>": their bytes, none merged
}

TEST(Gpt2Files, VocabularyRefusals) {
  EXPECT_EQ(refusal(vocab(kMore), kMerges), "accepted");
  EXPECT_REFUSED("{\"a\": 0,", kMerges, "vocab.json is not JSON");
  EXPECT_REFUSED("[1, 2]", kMerges, "vocab.json must be an object of token → id, not an array");
  EXPECT_REFUSED(vocab(kMore, 1), kMerges, "must be a whole number from 0 to 260");
  EXPECT_REFUSED(vocab({"Ġt", "he", "Ġthe", "Ġa", "x\u4E00"}), kMerges, "which GPT-2's byte-to-unicode table");
  EXPECT_REFUSED(vocab({"Ġt", "he", "Ġthe", "Ġa", "A B"}), kMerges, "\" \", which GPT-2's byte-to-unicode");
  std::string twice = vocab(kMore);
  twice.replace(twice.rfind("260"), 3, "259");
  EXPECT_REFUSED(twice, kMerges, "id 259 is given twice");
  std::string not_whole = vocab(kMore);
  not_whole.replace(not_whole.rfind("260"), 3, "2.5");
  EXPECT_REFUSED(not_whole, kMerges, "not 2.5");
  std::string no_byte = vocab(kMore);
  no_byte.replace(no_byte.find("\"A\""), 3, "\"AA\"");  // byte 'A' spelled otherwise: no token for it
  EXPECT_REFUSED(no_byte, kMerges, "no token for byte 65 (\"A\")");
}

TEST(Gpt2Files, MergeRefusals) {
  const std::string v = vocab(kMore);
  EXPECT_EQ(refusal(v, "Ġ t\r\nh e\r\n"), "accepted");  // no #version line, Windows line ends
  EXPECT_REFUSED(v, "#version: 0.2\nĠ t x\n", "merges.txt line 2: expected two tokens and one space");
  EXPECT_REFUSED(v, "#version: 0.2\n\nĠ t\n", "merges.txt line 2: expected two tokens");
  EXPECT_REFUSED(v, "#version: 0.2\nĠ zz\n", "merges.txt line 2: \"zz\" is not in vocab.json");
  EXPECT_REFUSED(v, "#version: 0.2\nh h\n", "merging \"h\" and \"h\" makes \"hh\", which vocab.json lacks");
  EXPECT_REFUSED(v, "#version: 0.2\nĠ t\nh e\nĠ t\n", "merges.txt line 4: repeats the merge of rank 0");
}

// Seeded texts over words, digits, punctuation, contractions, runs of white space and other scripts.
std::string random_text(std::mt19937& rng, std::size_t parts) {
  static const std::vector<std::string> kParts = {
      "the",     " the",   " cat", "'s",    "'ll",  "'S",     " ",      "  ",     "\n",
      "\n\n",    "\t",     " \n ", "123",   " 45",  ",",      ".",      "!?",     "é",
      "e\u0301", " मराठी", "१२",   " 東京", "👍🏽", "\u00A0", "\u0085", "\uFEFF", "<|endoftext|>",
      "x",       "\xFF"};
  std::string out;
  for (std::size_t i = 0; i < parts; ++i) out += kParts[rng() % kParts.size()];
  return out;
}

TEST(Gpt2BytePairs, ItsFilesEncodeEveryTextAsItDoes) {
  std::mt19937 rng(60);
  std::string corpus;
  for (int i = 0; i < 200; ++i) corpus += random_text(rng, 40);
  const Tokenizer trained = Tokenizer::gpt2_byte_pairs(corpus, 300);
  ASSERT_EQ(trained.kind(), TokenizerKind::gpt2_byte_pairs);
  ASSERT_GT(trained.merges().size(), 100u);
  std::string error;
  const std::optional<Tokenizer> files = Tokenizer::gpt2(trained.vocab_json(), trained.merges_txt(), error);
  ASSERT_TRUE(files) << error;
  EXPECT_EQ(files->size(), trained.size());
  EXPECT_EQ(files->end_of_text(), -1);
  for (int i = 0; i < 300; ++i) {
    const std::string text = random_text(rng, rng() % 30);
    const std::vector<int> ids = trained.encode(text);
    EXPECT_EQ(files->encode(text), ids) << text;
    EXPECT_EQ(trained.decode(ids), text);
  }
  // Its merges never cross GPT-2's pieces: " cat's" is " cat" and "'s", whatever was learned.
  for (int id : trained.encode(" cat's")) EXPECT_TRUE(trained.bytes(id) != " cat'" && trained.bytes(id) != "t's");
  // It is saved and loaded like byte pairs, as kind 3; the byte-pairs kind's files are none.
  const std::vector<std::uint8_t> saved = trained.serialize();
  ASSERT_EQ(saved[8], 3);
  const std::optional<Tokenizer> loaded = Tokenizer::deserialize(saved.data(), saved.size(), error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->kind(), TokenizerKind::gpt2_byte_pairs);
  EXPECT_EQ(loaded->encode(corpus), trained.encode(corpus));
  EXPECT_EQ(Tokenizer::byte_pairs(corpus, 10).vocab_json(), "");
}

}  // namespace
}  // namespace attn::text
