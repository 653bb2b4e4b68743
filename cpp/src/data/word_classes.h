// The closed classes of everyday English the toy grammar lacks, or has only a few words of: the adverbs of time
// and place (it has yesterday, today, now, here and there), the determiners and pronouns it has no rules for,
// contractions. Kept beside the grammar's own words
// of each class so that a reading can say "an adverb of time" and offer the ones a model knows.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "attn/word_reading.h"

namespace attn::corpus {

// The words "dont" or "don't" stands for ("do not"), or nullptr.
const char* contraction_of(const std::string& word);
// The closed class `word` belongs to, if it is one of the listed everyday words or the grammar's own.
std::optional<WordKind> closed_class_of(const std::string& word);
// Every word of a closed class: the grammar's own first (its determiners, pronouns, prepositions, adverbs), then
// the listed ones.
std::vector<std::string> word_class(WordKind kind);

}  // namespace attn::corpus
