// Byte-pair merges over bytes, as GPT-2 learns and applies them.
//
// Both training and encoding first split the text into chunks, and no merge crosses a chunk's edge:
// - a maximal run of non-whitespace bytes is a word, with the one space before it, if there is one, attached
//   (" cat"), so a word's tokens carry the space that separates it, as GPT-2's do;
// - a run of ASCII whitespace is a chunk of its own (less the space a following word takes), so "\n\n" and
//   indentation can become tokens too.
// GPT-2 also splits letters from digits and punctuation; here "cat." is one word, which keeps the rule short.
// The gpt2 kinds split by GPT-2's own pattern instead (gpt2_pattern.h).
#include <algorithm>
#include <functional>
#include <limits>
#include <queue>

#include "attn/tokenizer.h"
#include "gpt2_pattern.h"

namespace attn::text {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// Calls chunk(std::string_view) for each chunk of `text`, in order; together they are the whole text.
template <typename Chunk>
void for_each_chunk(std::string_view text, Chunk&& chunk) {
  for (std::size_t at = 0, end; at < text.size(); at = end) {
    const bool starts_word =
        !is_space(text[at]) || (text[at] == ' ' && at + 1 < text.size() && !is_space(text[at + 1]));
    end = at + 1;
    if (starts_word) {
      while (end < text.size() && !is_space(text[end])) ++end;
    } else {
      while (end < text.size() && is_space(text[end])) ++end;
      if (end < text.size() && end - at > 1 && text[end - 1] == ' ') --end;  // the next word's space
    }
    chunk(text.substr(at, end - at));
  }
}

// The pieces a tokenizer of `kind` merges within: byte pairs' chunks, or GPT-2's pattern's.
template <typename Chunk>
void for_each_piece(TokenizerKind kind, std::string_view text, Chunk&& chunk) {
  if (kind == TokenizerKind::byte_pairs) return for_each_chunk(text, chunk);
  for (std::size_t at = 0, end; at < text.size(); at = end) {
    end = gpt2::piece_end(text, at);
    chunk(text.substr(at, end - at));
  }
}

std::uint64_t pair_key(int left, int right) {
  return static_cast<std::uint64_t>(left) << 32 | static_cast<std::uint32_t>(right);
}

// A distinct chunk of the corpus during training: its current tokens and how often it occurs.
struct Word {
  std::vector<int> tokens;
  std::int64_t count;
};

// A candidate merge in the training queue. Counts only fall after an entry is queued except for pairs with the
// newest token, which are queued again, so an entry is checked against the live count when it reaches the top.
struct Candidate {
  std::int64_t count;
  std::uint64_t pair;
  // The queue's top is the most frequent pair, and among equals the smallest (left, right): deterministic.
  bool operator<(const Candidate& other) const {
    return count != other.count ? count < other.count : pair > other.pair;
  }
};

class Trainer {
 public:
  Trainer(TokenizerKind kind, std::string_view corpus, std::size_t max_token_bytes)
      : max_token_bytes_(max_token_bytes) {
    std::unordered_map<std::string_view, std::size_t> index;  // distinct chunk → its word
    for_each_piece(kind, corpus, [&](std::string_view chunk) {
      const auto [it, added] = index.try_emplace(chunk, words_.size());
      if (added) {
        words_.push_back({{}, 0});
        for (char c : chunk) words_.back().tokens.push_back(static_cast<std::uint8_t>(c));
      }
      ++words_[it->second].count;
    });
    token_bytes_.assign(Tokenizer::kByteTokens, 1);
    // The first counts are of byte pairs, a table of 65536 (a hash map's lookup per byte of a megabyte of random
    // bytes is most of the training time).
    std::vector<std::int64_t> counts(1 << 16);
    std::vector<std::vector<std::size_t>> where(1 << 16);
    for (std::size_t w = 0; w < words_.size(); ++w) {
      const std::vector<int>& t = words_[w].tokens;
      for (std::size_t i = 0; i + 1 < t.size(); ++i) {
        const int pair = t[i] << 8 | t[i + 1];
        counts[pair] += words_[w].count;
        if (where[pair].empty() || where[pair].back() != w) where[pair].push_back(w);
      }
    }
    for (int pair = 0; pair < 1 << 16; ++pair) {
      if (counts[pair] == 0) continue;
      const std::uint64_t key = pair_key(pair >> 8, pair & 0xff);
      counts_.emplace(key, counts[pair]);
      where_.emplace(key, std::move(where[pair]));
      queue_.push({counts[pair], key});
    }
    merged_in_.assign(words_.size(), std::numeric_limits<std::size_t>::max());
  }

  // The next merge, or none when no pair occurs twice.
  bool next(Merge& merge) {
    while (!queue_.empty()) {
      const Candidate top = queue_.top();
      queue_.pop();
      const auto it = counts_.find(top.pair);
      const std::int64_t live = it == counts_.end() ? 0 : it->second;
      if (live != top.count) {
        if (live > 0) queue_.push({live, top.pair});  // stale: its count fell since it was queued
        continue;
      }
      if (live < 2) return false;
      merge.left = static_cast<int>(top.pair >> 32);
      merge.right = static_cast<int>(top.pair & 0xffffffffu);
      merge.merged = static_cast<int>(token_bytes_.size());
      apply(merge);
      return true;
    }
    return false;
  }

 private:
  // A pair's count changes by `delta` (occurrences × the word's count); pairs that would make a token longer than
  // the limit are never counted, so never merged.
  void add(int left, int right, std::int64_t delta, std::size_t word) {
    if (token_bytes_[left] + token_bytes_[right] > max_token_bytes_) return;
    const std::uint64_t key = pair_key(left, right);
    const std::int64_t count = counts_[key] += delta;
    if (count == 0) counts_.erase(key);
    if (delta <= 0) return;
    std::vector<std::size_t>& words = where_[key];
    if (words.empty() || words.back() != word) words.push_back(word);  // a word is visited in one go
  }

  // Replaces every occurrence of the pair, left to right, in every word that has it, adjusting only the counts
  // of the pairs around each occurrence: a word is scanned once, never recounted, and words without the pair
  // are not visited at all.
  void apply(const Merge& m) {
    const std::uint64_t key = pair_key(m.left, m.right);
    token_bytes_.push_back(token_bytes_[m.left] + token_bytes_[m.right]);
    const std::size_t step = token_bytes_.size();
    std::vector<std::uint64_t> grown;  // pairs with the new token, to be queued with their final counts
    const std::vector<std::size_t> words = std::move(where_[key]);
    where_.erase(key);
    for (std::size_t w : words) {
      if (merged_in_[w] == step) continue;  // listed twice
      merged_in_[w] = step;
      std::vector<int>& old = words_[w].tokens;
      const std::int64_t n = words_[w].count;
      std::vector<int> out;
      out.reserve(old.size());
      for (std::size_t i = 0; i < old.size();) {
        if (i + 1 < old.size() && old[i] == m.left && old[i + 1] == m.right) {
          // `out.back()` may itself be a merge made just before: counted consistently, a run like "a a a a"
          // with (a, a) ends as (aa, aa) and no pair is counted twice.
          add(m.left, m.right, -n, w);
          if (!out.empty()) {
            add(out.back(), m.left, -n, w);
            add(out.back(), m.merged, n, w);
            grown.push_back(pair_key(out.back(), m.merged));
          }
          if (i + 2 < old.size()) {
            add(m.right, old[i + 2], -n, w);
            add(m.merged, old[i + 2], n, w);
            grown.push_back(pair_key(m.merged, old[i + 2]));
          }
          out.push_back(m.merged);
          i += 2;
        } else {
          out.push_back(old[i++]);
        }
      }
      old = std::move(out);
    }
    counts_.erase(key);  // every occurrence is gone (none overlap what was just merged)
    std::sort(grown.begin(), grown.end());
    grown.erase(std::unique(grown.begin(), grown.end()), grown.end());
    for (std::uint64_t pair : grown) {
      const auto it = counts_.find(pair);
      if (it != counts_.end()) queue_.push({it->second, pair});
    }
  }

  std::size_t max_token_bytes_;
  std::vector<Word> words_;
  std::vector<std::size_t> token_bytes_;                               // id → length in bytes
  std::unordered_map<std::uint64_t, std::int64_t> counts_;             // pair → occurrences in the corpus
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> where_;  // pair → words that (may) have it
  std::vector<std::size_t> merged_in_;                                 // word → the last merge that visited it
  std::priority_queue<Candidate> queue_;
};

}  // namespace

Tokenizer Tokenizer::byte_pairs(std::string_view corpus, std::size_t merges) {
  return trained_byte_pairs(TokenizerKind::byte_pairs, corpus, merges);
}

Tokenizer Tokenizer::gpt2_byte_pairs(std::string_view corpus, std::size_t merges) {
  return trained_byte_pairs(TokenizerKind::gpt2_byte_pairs, corpus, merges);
}

Tokenizer Tokenizer::trained_byte_pairs(TokenizerKind kind, std::string_view corpus, std::size_t merges) {
  Trainer trainer(kind, corpus, kMaxTokenBytes);
  std::vector<Merge> learned;
  Merge merge;
  while (learned.size() < std::min(merges, kMaxLearnedTokens) && trainer.next(merge)) learned.push_back(merge);
  std::string impossible;
  std::optional<Tokenizer> t = from_merges(kind, std::move(learned), impossible);
  // Training makes only merges from_merges accepts: the empty tokenizer is never returned.
  return t ? std::move(*t) : Tokenizer{};
}

std::optional<Tokenizer> Tokenizer::from_merges(TokenizerKind kind, std::vector<Merge> merges, std::string& error) {
  Tokenizer t;
  t.kind_ = kind;
  for (int b = 0; b < kByteTokens; ++b) t.tokens_.emplace_back(1, static_cast<char>(b)), t.byte_ids_.push_back(b);
  for (Merge& m : merges) {
    const int id = static_cast<int>(t.tokens_.size());
    const std::string name = "merge " + std::to_string(id - kByteTokens);
    const std::size_t length = t.tokens_[m.left].size() + t.tokens_[m.right].size();
    if (length > kMaxTokenBytes) {
      error = "not a usable tokenizer: " + name + " makes a token of " + std::to_string(length) +
              " bytes; the limit is " + std::to_string(kMaxTokenBytes);
      return std::nullopt;
    }
    int existing = 0;
    if (!t.merge_ranks_.add(m.left, m.right, id - kByteTokens, existing)) {
      error = "not a usable tokenizer: " + name + " repeats merge " + std::to_string(existing);
      return std::nullopt;
    }
    m.merged = id;
    t.tokens_.push_back(t.tokens_[m.left] + t.tokens_[m.right]);
  }
  t.merges_ = std::move(merges);
  return t;
}

void Tokenizer::encode_byte_pairs(std::string_view text, std::vector<int>& ids) const {
  if (kind_ != TokenizerKind::byte_pairs) {
    // <|endoftext|> (gpt2 only: a learned token never spans GPT-2's pieces "<|", "endoftext", "|>") is its id.
    static constexpr std::string_view kEndOfText = "<|endoftext|>";
    std::size_t at = 0;
    for (std::size_t found; end_of_text_ >= 0 && (found = text.find(kEndOfText, at)) != std::string_view::npos;) {
      encode_gpt2_pieces(text.substr(at, found - at), ids);
      ids.push_back(end_of_text_);
      at = found + kEndOfText.size();
    }
    encode_gpt2_pieces(text.substr(at), ids);
    return;
  }
  // Words repeat ("the", " of"): each distinct short one is merged once per call, its tokens remembered as a span
  // of `ids` (a long chunk is seldom repeated, and keeping it would only cost memory).
  constexpr std::size_t kRemembered = 64;
  std::unordered_map<std::string_view, std::pair<std::size_t, std::size_t>> seen;  // chunk → (start, count)
  for_each_chunk(text, [&](std::string_view chunk) {
    const auto it = chunk.size() <= kRemembered ? seen.find(chunk) : seen.end();
    if (it != seen.end()) {
      const auto [start, count] = it->second;
      for (std::size_t i = 0; i < count; ++i) ids.push_back(ids[start + i]);  // ids may grow: no iterators
      return;
    }
    const std::size_t start = ids.size();
    encode_word(chunk, ids);
    if (chunk.size() <= kRemembered) seen.emplace(chunk, std::make_pair(start, ids.size() - start));
  });
}

void Tokenizer::encode_gpt2_pieces(std::string_view text, std::vector<int>& ids) const {
  for_each_piece(kind_, text, [&](std::string_view piece) { encode_word(piece, ids); });
}

void Tokenizer::encode_word(std::string_view word, std::vector<int>& ids) const {
  // GPT-2's order: the adjacent pair whose merge ranks first is merged first, the leftmost of equals first, and so
  // on (tiktoken's loop; GPT-2's encoder.py merges every occurrence of the pair in one pass, the same tokens when
  // ranks only rise along the way, as they do in a learned list: a pair with a new token has a later merge than
  // the one that made the token). One heap ordered by (rank, position) does it in O(n log n) even for a long
  // chunk: a pair made by a merge is pushed as it appears. The buffers are reused from word to word (a word's
  // handful of allocations was a third of the time); nothing a word encodes to is remembered.
  const std::size_t n = word.size();
  if (merge_ranks_.empty() || n < 2) {
    for (char c : word) ids.push_back(byte_ids_[static_cast<std::uint8_t>(c)]);
    return;
  }
  struct Pending {  // the merge of rank `rank` of the token at `at` and the one after it, if both are still there
    int rank;
    std::size_t at;
    bool operator>(const Pending& o) const { return rank != o.rank ? rank > o.rank : at > o.at; }
  };
  static thread_local std::vector<int> token;
  static thread_local std::vector<std::size_t> next, previous;  // a linked list over the live positions; n: an end
  static thread_local std::vector<Pending> heap;                // a min-heap by (rank, position)
  token.resize(n), next.resize(n), previous.resize(n), heap.clear();
  for (std::size_t i = 0; i < n; ++i) {
    token[i] = byte_ids_[static_cast<std::uint8_t>(word[i])];
    next[i] = i + 1, previous[i] = i == 0 ? n : i - 1;
  }
  const std::greater<Pending> later;
  const auto consider = [&](std::size_t at) {
    if (at >= n || next[at] >= n) return;
    const int rank = merge_ranks_.find(token[at], token[next[at]]);
    if (rank < 0) return;
    heap.push_back({rank, at});
    std::push_heap(heap.begin(), heap.end(), later);
  };
  for (std::size_t i = 0; i + 1 < n; ++i) consider(i);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), later);
    const Pending p = heap.back();
    heap.pop_back();
    const Merge& m = merges_[static_cast<std::size_t>(p.rank)];
    const std::size_t right = next[p.at];
    if (token[p.at] != m.left || right >= n || token[right] != m.right) continue;  // a neighbour merged first
    token[p.at] = m.merged;
    token[right] = -1;  // dead: never matches a merge's tokens again
    next[p.at] = next[right];
    if (next[right] < n) previous[next[right]] = p.at;
    consider(previous[p.at]);
    consider(p.at);
  }
  for (std::size_t i = 0; i < n; i = next[i]) ids.push_back(token[i]);
}

}  // namespace attn::text
