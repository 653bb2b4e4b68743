// The language model's tokenizer: every text round-trips through both kinds whatever its script or its errors,
// the characters kind makes a corpus's letters single tokens, byte pairs learn what a recount of every merge
// would learn (and encode as GPT-2 does), text() repairs UTF-8 as a browser does, and the serialized form
// comes back the same or is refused with a reason.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <stdexcept>
#include <string>

#include "attn/tokenizer.h"

namespace attn::text {
namespace {

// deserialize's result; a test that fails, naming why, when the bytes are refused.
Tokenizer loaded(const std::vector<std::uint8_t>& bytes) {
  std::string error;
  std::optional<Tokenizer> t = Tokenizer::deserialize(bytes.data(), bytes.size(), error);
  EXPECT_TRUE(t) << error;
  return t ? *t : Tokenizer::characters("");
}

// deserialize's message for these bytes, or "accepted".
std::string refusal(const std::vector<std::uint8_t>& bytes) {
  std::string error;
  return Tokenizer::deserialize(bytes.data(), bytes.size(), error) ? "accepted" : error;
}

const std::string kEnglish =
    "the cat sat on the mat and the dog sat on the log. then the other cat thought that the weather there "
    "was better than the weather here, so the three of them went together to the theatre with their mother.\n"
    "the end.\n";
const std::string kDevanagari = "मला पुस्तक दे";
const std::string kJapanese = "私は本を読みます。東京へ行きました。";
const std::string kEmoji = "hi 👋🏽 family: 👨‍👩‍👧 🇮🇳!";
const std::string kMalformed = std::string("a\xC3( \xE0\x80 \xF0\x9F\x98 \xFF\xFE\xED\xA0\x80 end \xC3") + '\0';

std::string repeated(const std::string& text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

std::vector<int> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }  // only for ASCII tests

std::vector<Tokenizer> both_kinds() {
  return {Tokenizer::characters(kEnglish + kDevanagari + "é"), Tokenizer::byte_pairs(repeated(kEnglish, 3), 200)};
}

// ---- the characters kind ----

TEST(TokenizerCharacters, OneTokenPerDevanagariLetter) {
  const std::string corpus = repeated(kDevanagari + " ", 3);
  const Tokenizer t = Tokenizer::characters(corpus);
  EXPECT_EQ(t.kind(), TokenizerKind::characters);
  const std::vector<int> ids = t.encode(kDevanagari);
  EXPECT_EQ(ids.size(), count_characters(kDevanagari));
  EXPECT_EQ(ids.size(), 13u);  // म ल ा, space, प ु स ् त क, space, द े
  for (int id : ids) EXPECT_TRUE(id == ' ' || id >= Tokenizer::kByteTokens) << id;
  EXPECT_EQ(t.decode(ids), kDevanagari);
  EXPECT_EQ(t.size(), 256u + 11u);  // म ल ा प ु स ् त क द े
}

TEST(TokenizerCharacters, MostFrequentFirstTiesByFirstOccurrence) {
  const std::string corpus = "ñ é ü é ü ö ö";  // é, ü and ö twice (é seen first), ñ once
  const Tokenizer all = Tokenizer::characters(corpus);
  ASSERT_EQ(all.size(), 260u);
  EXPECT_EQ(all.bytes(256), "é");
  EXPECT_EQ(all.bytes(257), "ü");
  EXPECT_EQ(all.bytes(258), "ö");
  EXPECT_EQ(all.bytes(259), "ñ");
  EXPECT_EQ(Tokenizer::characters(corpus, 2).size(), 258u);
  EXPECT_EQ(Tokenizer::characters(corpus, 4096, 2).size(), 259u);
  EXPECT_EQ(Tokenizer::characters("plain ASCII").size(), 256u);
}

TEST(TokenizerCharacters, UnknownAndMalformedCharactersAreTheirBytes) {
  const Tokenizer t = Tokenizer::characters("é");
  EXPECT_EQ(t.encode("aé€\xFF\xC3"), (std::vector<int>{'a', 256, 0xE2, 0x82, 0xAC, 0xFF, 0xC3}));
  EXPECT_EQ(t.encode("\xC3\xC3\xA9"), (std::vector<int>{0xC3, 256}));  // a lone lead byte, then é
}

// ---- round trips ----

TEST(TokenizerRoundTrip, EveryScriptAndMalformedBytesInBothKinds) {
  for (const Tokenizer& t : both_kinds()) {
    for (const std::string& text : {std::string("The theory, then: 42 + 1 = 43.\n\tok  "), kDevanagari, kJapanese,
                                    kEmoji, kMalformed, std::string(), std::string("   \n\n x")}) {
      const std::vector<int> ids = t.encode(text);
      EXPECT_EQ(t.decode(ids), text) << static_cast<int>(t.kind());
      for (int id : ids) EXPECT_LT(static_cast<std::size_t>(id), t.size());
    }
  }
}

TEST(TokenizerRoundTrip, RandomBytesDecodeToThemselves) {
  std::mt19937 rng(20240611);
  // Bytes drawn so that spaces, newlines, ASCII letters and pieces of real UTF-8 characters are all common.
  const std::string alphabet = "  \n\tetaoinsh" + kDevanagari + "é" + kJapanese.substr(0, 9) + "\x80\xBF\xFF";
  std::string training;
  for (int i = 0; i < 4000; ++i) training += alphabet[rng() % alphabet.size()];
  std::vector<Tokenizer> tokenizers = both_kinds();
  tokenizers.push_back(Tokenizer::characters(training));
  tokenizers.push_back(Tokenizer::byte_pairs(training, 300));
  for (int trial = 0; trial < 400; ++trial) {
    std::string text(rng() % 80, '\0');
    const bool any_byte = trial % 2 == 0;
    for (char& c : text) c = any_byte ? static_cast<char>(rng() & 0xFF) : alphabet[rng() % alphabet.size()];
    for (const Tokenizer& t : tokenizers) ASSERT_EQ(t.decode(t.encode(text)), text) << "trial " << trial;
  }
}

// ---- byte pairs ----

TEST(TokenizerBytePairs, LearnsTheOnEnglishAndEncodesShorter) {
  const Tokenizer t = Tokenizer::byte_pairs(repeated(kEnglish, 5), 60);
  EXPECT_EQ(t.kind(), TokenizerKind::byte_pairs);
  ASSERT_EQ(t.merges().size(), 60u);
  std::map<std::string, int> learned;
  for (const Merge& m : t.merges()) learned[t.bytes(m.merged)] = m.merged;
  EXPECT_TRUE(learned.count("th") || learned.count(" th"));
  EXPECT_TRUE(learned.count("the") || learned.count(" the"));
  const std::string sentence = "the other three went to the theatre there";
  EXPECT_LT(t.encode(sentence).size(), sentence.size() * 2 / 3);
  for (std::size_t rank = 0; rank < t.merges().size(); ++rank) {
    const Merge& m = t.merges()[rank];
    EXPECT_EQ(m.merged, static_cast<int>(256 + rank));
    EXPECT_EQ(t.bytes(m.merged), t.bytes(m.left) + t.bytes(m.right));
  }
}

TEST(TokenizerBytePairs, MergesAreDeterministic) {
  const std::string corpus = repeated(kEnglish, 4) + kJapanese + kEmoji;
  const Tokenizer a = Tokenizer::byte_pairs(corpus, 120), b = Tokenizer::byte_pairs(corpus, 120);
  ASSERT_EQ(a.merges().size(), b.merges().size());
  for (std::size_t i = 0; i < a.merges().size(); ++i) {
    EXPECT_EQ(a.merges()[i].left, b.merges()[i].left);
    EXPECT_EQ(a.merges()[i].right, b.merges()[i].right);
  }
  // Ties go to the smallest pair: here (a, b), (b, c) and (c, a) all occur twice.
  const Tokenizer ties = Tokenizer::byte_pairs("abca abca", 1);
  ASSERT_EQ(ties.merges().size(), 1u);
  EXPECT_EQ(ties.bytes(256), "ab");
}

TEST(TokenizerBytePairs, NoMergeCrossesAWordAndLearningStopsWithoutRepeats) {
  const Tokenizer t = Tokenizer::byte_pairs(repeated("a cat\n  sat\n\nin a hat ", 10), 1000);
  EXPECT_LT(t.merges().size(), 1000u);  // ran out of pairs that occur twice
  for (const Merge& m : t.merges()) {
    const std::string& bytes = t.bytes(m.merged);
    const bool all_space = bytes.find_first_not_of(" \n") == std::string::npos;
    // A word's tokens have at most its leading space; whitespace runs are tokens of their own.
    EXPECT_TRUE(all_space || bytes.find_first_of(" \n", 1) == std::string::npos) << "[" << bytes << "]";
  }
  EXPECT_TRUE(Tokenizer::byte_pairs("abcdef", 10).merges().empty());
  EXPECT_EQ(Tokenizer::byte_pairs("", 10).size(), 256u);
}

TEST(TokenizerBytePairs, TokensStayWithinTheLengthDeserializeAccepts) {
  const Tokenizer t = Tokenizer::byte_pairs(std::string(1000, 'a'), 20);  // one chunk: aa, aaaa, ... doubling
  ASSERT_EQ(t.merges().size(), 7u);                                       // up to 128 a's; 256 would be too long
  EXPECT_EQ(t.bytes(262), std::string(128, 'a'));
  const std::vector<std::uint8_t> bytes = t.serialize();
  EXPECT_EQ(loaded(bytes).merges().size(), 7u);
}

// What the incremental pair counts must agree with: every pair recounted over the distinct words before each
// merge, and GPT-2's encoding (merge the lowest-ranked adjacent pair everywhere, again and again). The texts
// here are words of a, b and c with single spaces, whose chunks are plainly the first word and " word" after.
std::vector<std::vector<int>> words_of(const std::string& text) {
  std::vector<std::vector<int>> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at + 1), text.size());
    words.push_back(bytes_of(text.substr(at, end - at)));
    at = end;
  }
  return words;
}

std::vector<int> merged_everywhere(const std::vector<int>& tokens, const Merge& m) {
  std::vector<int> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const bool match = i + 1 < tokens.size() && tokens[i] == m.left && tokens[i + 1] == m.right;
    out.push_back(match ? m.merged : tokens[i]);
    if (match) ++i;
  }
  return out;
}

std::vector<Merge> recounted_merges(const std::string& corpus, std::size_t count) {
  std::map<std::vector<int>, long> words;
  for (auto& w : words_of(corpus)) ++words[w];
  std::vector<Merge> merges;
  while (merges.size() < count) {
    std::map<std::pair<int, int>, long> pairs;
    for (const auto& [w, n] : words)
      for (std::size_t i = 0; i + 1 < w.size(); ++i) pairs[{w[i], w[i + 1]}] += n;
    auto best = pairs.begin();  // the map's order makes the first of equals the smallest pair
    for (auto it = pairs.begin(); it != pairs.end(); ++it)
      if (it->second > best->second) best = it;
    if (best == pairs.end() || best->second < 2) break;
    merges.push_back({best->first.first, best->first.second, static_cast<int>(256 + merges.size())});
    std::map<std::vector<int>, long> next;
    for (const auto& [w, n] : words) next[merged_everywhere(w, merges.back())] += n;
    words = std::move(next);
  }
  return merges;
}

std::vector<int> gpt2_encoding(const std::string& text, const std::vector<Merge>& merges) {
  std::vector<int> ids;
  for (std::vector<int> w : words_of(text)) {
    while (true) {
      const Merge* first = nullptr;
      for (std::size_t i = 0; i + 1 < w.size(); ++i)
        for (const Merge& m : merges)
          if (m.left == w[i] && m.right == w[i + 1] && (!first || m.merged < first->merged)) first = &m;
      if (!first) break;
      w = merged_everywhere(w, *first);
    }
    ids.insert(ids.end(), w.begin(), w.end());
  }
  return ids;
}

TEST(TokenizerBytePairs, AgreesWithRecountingEveryMergeAndWithGpt2sEncoding) {
  std::mt19937 rng(7);
  const auto random_words = [&](int words) {
    std::string text;
    for (int i = 0; i < words; ++i) {
      if (i) text += ' ';
      const int length = 1 + static_cast<int>(rng() % 9);
      for (int j = 0; j < length; ++j) text += "aabbc"[rng() % 5];  // runs like "aaaa" overlap their own pairs
    }
    return text;
  };
  for (int trial = 0; trial < 20; ++trial) {
    const std::string corpus = random_words(300);
    const Tokenizer t = Tokenizer::byte_pairs(corpus, 60);
    const std::vector<Merge> expected = recounted_merges(corpus, 60);
    ASSERT_EQ(t.merges().size(), expected.size()) << "trial " << trial;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(t.merges()[i].left, expected[i].left) << "trial " << trial << " merge " << i;
      ASSERT_EQ(t.merges()[i].right, expected[i].right) << "trial " << trial << " merge " << i;
    }
    const std::string text = random_words(40);
    EXPECT_EQ(t.encode(text), gpt2_encoding(text, expected)) << "trial " << trial;
  }
}

// ---- text() and count_characters ----

TEST(TokenizerText, TruncatedCharacterBecomesTheReplacementCharacter) {
  const Tokenizer t = Tokenizer::characters("é");
  EXPECT_EQ(t.text({0xC3}), "\xEF\xBF\xBD");
  EXPECT_EQ(t.text({'a', 0xC3}), "a\xEF\xBF\xBD");
  EXPECT_EQ(t.decode({'a', 0xC3}), "a\xC3");  // decode() keeps the bytes: the next token may complete them
  EXPECT_EQ(t.text({'a', 256, 0xC3, 0xA9}), "aéé");
}

std::string text_of(const std::string& bytes) {
  std::vector<int> ids;
  for (char c : bytes) ids.push_back(static_cast<std::uint8_t>(c));
  return Tokenizer::characters("").text(ids);
}

TEST(TokenizerText, OneReplacementPerMaximalSubpartAsTextDecoderDoes) {
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_EQ(text_of("\xF0\x9F\x98"), r);  // a truncated emoji: one
  EXPECT_EQ(text_of("\xF0\x9F\x98"
                    "A"),
            r + "A");                                     // cut short by ASCII: one, and the A
  EXPECT_EQ(text_of("\xE0\x80"), r + r);                  // E0 needs A0-BF next: two
  EXPECT_EQ(text_of("\xED\xA0\x80"), r + r + r);          // a surrogate: three
  EXPECT_EQ(text_of("\xC0\xAF"), r + r);                  // an overlong slash
  EXPECT_EQ(text_of("\xF4\x90\x80\x80"), r + r + r + r);  // beyond U+10FFFF
  EXPECT_EQ(text_of("\xFF\xFE"), r + r);
  EXPECT_EQ(text_of(kJapanese + kEmoji), kJapanese + kEmoji);
}

TEST(TokenizerText, UnknownIdsAreOutOfRange) {
  const Tokenizer t = Tokenizer::characters("é");
  EXPECT_THROW(t.decode({-1}), std::out_of_range);
  EXPECT_THROW(t.decode({257}), std::out_of_range);
  EXPECT_THROW(t.text({'a', 1000}), std::out_of_range);
  EXPECT_THROW(t.bytes(257), std::out_of_range);
}

TEST(TokenizerCountCharacters, CodePointsWithEachMalformedByteAsOne) {
  EXPECT_EQ(count_characters(""), 0u);
  EXPECT_EQ(count_characters("abc"), 3u);
  EXPECT_EQ(count_characters("é"), 1u);
  EXPECT_EQ(count_characters("मला"), 3u);
  EXPECT_EQ(count_characters("私は本を"), 4u);
  EXPECT_EQ(count_characters("👋🏽"), 2u);  // a hand and its skin tone
  EXPECT_EQ(count_characters("\xFF"), 1u);
  EXPECT_EQ(count_characters("a\xC3"), 2u);
  EXPECT_EQ(count_characters("\xE0\xA0"), 2u);  // a truncated character: both its bytes
  EXPECT_EQ(count_characters("\xF0\x9F\x98!"), 4u);
}

// ---- the serialized form ----

TEST(TokenizerSerialize, RoundTripGivesTheSameEncodings) {
  const std::string sample = kEnglish + kDevanagari + kJapanese + kEmoji + kMalformed;
  for (const Tokenizer& t : both_kinds()) {
    const std::vector<std::uint8_t> bytes = t.serialize();
    const Tokenizer back = loaded(bytes);
    EXPECT_EQ(back.kind(), t.kind());
    EXPECT_EQ(back.size(), t.size());
    EXPECT_EQ(back.encode(sample), t.encode(sample));
    for (std::size_t id = 0; id < t.size(); ++id) EXPECT_EQ(back.bytes(static_cast<int>(id)), t.bytes(id));
    EXPECT_EQ(back.serialize(), bytes);
  }
}

TEST(TokenizerSerialize, EveryTruncationAndAnyTrailingByteIsRefused) {
  for (const Tokenizer& t : both_kinds()) {
    std::vector<std::uint8_t> bytes = t.serialize();
    for (std::size_t size = 0; size < bytes.size(); ++size)
      EXPECT_NE(refusal({bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size)}), "accepted") << size;
    bytes.push_back(0);
    EXPECT_NE(refusal(bytes), "accepted");
  }
}

// The header serialize() writes: "ATOK", version 1, the kind, the count; then whatever the test appends.
std::vector<std::uint8_t> forged(std::uint8_t kind, std::uint32_t count, const std::vector<std::uint32_t>& words = {},
                                 std::uint32_t version = 1) {
  std::vector<std::uint8_t> bytes = {'A', 'T', 'O', 'K'};
  const auto put_u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  put_u32(version);
  bytes.push_back(kind);
  put_u32(count);
  for (std::uint32_t w : words) put_u32(w);
  return bytes;
}

std::vector<std::uint8_t> forged_characters(const std::vector<std::string>& tokens) {
  std::vector<std::uint8_t> bytes = forged(0, static_cast<std::uint32_t>(tokens.size()));
  for (const std::string& s : tokens) {
    bytes.push_back(static_cast<std::uint8_t>(s.size()));
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
  return bytes;
}

#define EXPECT_REFUSED(bytes, words) EXPECT_NE(refusal(bytes).find(words), std::string::npos) << refusal(bytes)

TEST(TokenizerSerialize, ForgedHeadersAndCountsAreRefusedBeforeAllocating) {
  EXPECT_EQ(refusal(forged(1, 0)), "accepted");
  EXPECT_REFUSED(std::vector<std::uint8_t>({'A', 'P', 'T', 'M', 1, 0, 0, 0}), "ATOK");
  EXPECT_REFUSED(forged(1, 0, {}, 2), "format version 2");
  EXPECT_REFUSED(forged(2, 0), "kind 2 (GPT-2's own tokenizer) is kept as its files");
  EXPECT_REFUSED(forged(4, 0), "unknown kind 4");
  EXPECT_REFUSED(forged(1, 0xFFFFFFFFu), "the limit is 65536");
  EXPECT_REFUSED(forged(0, 65537), "the limit is 65536");
  EXPECT_REFUSED(forged(1, 65536, {'a', 'b'}), "truncated");  // claims 65536 merges, holds one
  EXPECT_REFUSED(forged(0, 1000), "truncated");
}

TEST(TokenizerSerialize, ForgedMergesAreRefused) {
  EXPECT_EQ(refusal(forged(1, 2, {'a', 'b', 256, 'c'})), "accepted");
  EXPECT_REFUSED(forged(1, 1, {256, 'b'}), "only ids below 256");  // its own id
  EXPECT_REFUSED(forged(1, 2, {'a', 'b', 'c', 258}), "only ids below 257");
  EXPECT_REFUSED(forged(1, 1, {'a', 0x80000000u}), "merge 0 joins");
  EXPECT_REFUSED(forged(1, 1, {0xFFFFFFFFu, 'a'}), "merge 0 joins");
  EXPECT_REFUSED(forged(1, 2, {'a', 'b', 'a', 'b'}), "merge 1 repeats merge 0");
  // Merges of merges double in length: the eighth would be 256 bytes.
  std::vector<std::uint32_t> doubling = {'a', 'a'};
  for (std::uint32_t id = 256; id < 263; ++id) doubling.insert(doubling.end(), {id, id});
  EXPECT_REFUSED(forged(1, 8, doubling), "merge 7 makes a token of 256 bytes");
}

TEST(TokenizerSerialize, ForgedCharactersAreRefused) {
  EXPECT_EQ(refusal(forged_characters({"é", "म", "私", "👋"})), "accepted");
  // Each bad token is followed by a good one: one token alone in so few bytes is refused as truncated first.
  EXPECT_REFUSED(forged_characters({""}), "truncated");
  EXPECT_REFUSED(forged_characters({"", "👋"}), "token 256 is empty");
  EXPECT_REFUSED(forged_characters({"é", "ééé"}), "token 257 is 6 bytes long");
  EXPECT_REFUSED(forged_characters({"a", "👋"}), "not one multi-byte UTF-8 character");
  EXPECT_REFUSED(forged_characters({"ab"}), "not one multi-byte UTF-8 character");
  EXPECT_REFUSED(forged_characters({"éé"}), "not one multi-byte UTF-8 character");
  EXPECT_REFUSED(forged_characters({"\xC3", "👋"}), "not one multi-byte UTF-8 character");
  EXPECT_REFUSED(forged_characters({"\xED\xA0\x80"}), "not one multi-byte UTF-8 character");  // a surrogate
  EXPECT_REFUSED(forged_characters({"é", "म", "é"}), "token 258 repeats token 256");
}

}  // namespace
}  // namespace attn::text
