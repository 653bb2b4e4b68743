// The trained translation model as a product: vocabularies + configuration + weights, the weight file that
// carries them, and decoding (greedy, sampled, teacher-forced or beam search) that exposes every attention map.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "attn/corpus.h"
#include "attn/kernel_set.h"
#include "attn/model.h"
#include "attn/tasks.h"
#include "attn/word_reading.h"

namespace attn::model {

class Vocabulary {
 public:
  Vocabulary() = default;
  explicit Vocabulary(std::vector<std::string> words);
  const std::vector<std::string>& words() const { return words_; }
  std::size_t size() const { return words_.size(); }
  int id(const std::string& word) const;  // -1 when unknown
  const std::string& word(int id) const { return words_[static_cast<std::size_t>(id)]; }

 private:
  std::vector<std::string> words_;
  std::unordered_map<std::string, int> ids_;
};

inline constexpr int kSourceEnd = 0;    // "<eos>" closes every source sentence
inline constexpr int kTargetBegin = 0;  // "<bos>" starts every decoder input
inline constexpr int kTargetEnd = 1;    // "<eos>": the decoder's way of stopping
// Models trained to carry unknown words (TrainingOptions::unknown_word_rate) have "<unk>" next: source id 1,
// target id 2. Models trained without it (the shipped ones, older files) have no such token and refuse unknown
// words, as an <unk> they never saw in training would be an untrained embedding.
inline constexpr int kSourceUnknown = 1;
inline constexpr int kTargetUnknown = 2;
inline constexpr const char* kUnknownWord = "<unk>";

struct TranslationModel {
  Config config;
  Vocabulary source, target;
  std::vector<float> parameters;  // ParameterLayout(config).count floats
};

// A fresh, seeded model over a task's vocabularies (source: <eos> + words; target: <bos>, <eos> + words), with
// "<unk>" after <eos> on both sides when `unknown_token` is set (for training with an unknown-word rate).
TranslationModel new_model(Config dims, std::uint64_t seed, const tasks::Task& task, bool unknown_token = false);
// The same over the toy English → Spanish corpus's vocabularies.
TranslationModel new_translation_model(Config dims, std::uint64_t seed, bool unknown_token = false);
// `dims` with the vocabulary sizes new_model() gives it (to size a model before building it).
Config with_vocabularies(Config dims, const tasks::Task& task, bool unknown_token = false);
// Whether the model has "<unk>" at its fixed places (kSourceUnknown, kTargetUnknown): it carries unknown words.
bool has_unknown_token(const TranslationModel& model);
// The corpus language pair a model was built for (its vocabularies are that pair's), if any: where the
// grammar's references and held-out sentences apply.
std::optional<corpus::Language> grammar_language(const TranslationModel& model);
// How many of the lexicon's commonest words a model of `language` was trained on (corpus::vocabulary_of).
std::size_t grammar_vocabulary(const TranslationModel& model, corpus::Language language);

// Token ids of a corpus pair: source = words + <eos>, target_in = <bos> + words, target_out = words + <eos>.
struct EncodedPair {
  std::vector<int> source, target_in, target_out;
};
EncodedPair encode(const TranslationModel& model, const corpus::SentencePair& pair);

// The weight file: magic "APTM", format version, dimensions, both vocabularies, float16 parameters and a
// CRC-32 of everything before it. Saving rounds parameters to float16 (round to nearest even).
// Version 2 adds a word of ablation flags after the dimensions, version 3 a word of key/value heads after it;
// each file is written in the oldest version that holds its model, so files (and the shipped model's bytes)
// stay readable by older builds. Version 4 adds a word saying how the parameters are stored (WeightEncoding).
inline constexpr std::uint32_t kWeightFileVersion = 4;
// How a weight file stores the parameters: float16 (2 bytes each: what a trainer's save() writes), or 8-bit
// integers in blocks of kWeightBlock sharing one float16 scale, max |w| / 127 (1.03 bytes each: the shipped
// models of the 101-word grammar), or 4-bit integers in blocks of kWeight4Block sharing one float16 scale,
// max |w| / 7, two to a byte, the low nibble first (0.56 bytes each: the shipped models, which a visitor
// downloads; still exact on held-out sentences, docs/models.md).
enum class WeightEncoding : std::uint32_t { float16 = 0, int8_blocks = 1, int4_blocks = 2 };
inline constexpr std::size_t kWeightBlock = 64;
inline constexpr std::size_t kWeight4Block = 32;
// The largest model a weight file may hold (its float32 parameters take 64 MiB in memory).
inline constexpr std::size_t kMaxModelParameters = std::size_t{16} * 1024 * 1024;
// The CRC-32 a weight file ends with, over the bytes before it.
std::uint32_t weight_file_checksum(const std::uint8_t* data, std::size_t size);
std::vector<std::uint8_t> save_weights(const TranslationModel& model,
                                       WeightEncoding encoding = WeightEncoding::float16);
// The parameters a file in `encoding` gives back (load_weights(save_weights(m, encoding)).model->parameters, bit for
// bit), into `stored`: what quantization-aware training computes its gradients at.
void stored_values(const std::vector<float>& parameters, WeightEncoding encoding, std::vector<float>& stored);
struct LoadedModel {
  std::optional<TranslationModel> model;
  std::string error;                                  // why the bytes were refused, when model is empty
  WeightEncoding encoding = WeightEncoding::float16;  // how the file stored the parameters
};
LoadedModel load_weights(const std::uint8_t* bytes, std::size_t size);

// Lower-cases ASCII, drops . , ! ? ; : and splits on white space.
std::vector<std::string> tokenize(const std::string& sentence);

// How each next word is chosen. The output distribution is softmax(logits / output_temperature): the output
// temperature shapes which word comes next, and is distinct from the attention temperature, which reshapes
// every attention map inside the model.
struct Decoding {
  enum class Choice { greedy, sample } choice = Choice::greedy;  // the most likely word, or a draw
  float output_temperature = 1.0f;
  // Sampling: the same seed draws the same words on every platform, up to the kernel sets' float rounding of the
  // probabilities (a word differs only where the draw falls within it of a boundary: about once in 10^7 draws).
  std::uint64_t seed = 0;
  // Teacher forcing: these (known) target words are the decoder's input instead of its own output; each
  // step's distribution is then the model's guess at the next reference word. A model with "<unk>" is fed it
  // for words outside its target vocabulary.
  std::optional<std::vector<std::string>> forced_target;
  // Beam search of this width (1 to kMaxBeamWidth; 0: none), with choice greedy and no forced target: the
  // translation is the best hypothesis, and Translation::beam holds every hypothesis kept. Width 1 gives
  // greedy decoding's words.
  std::size_t beam = 0;
  // Greedy and sampled decoding keep the decoder's keys and values (a KeyValueCache) and decode each word from
  // them; false recomputes the whole prefix at every step (to compare: the same words, distributions within
  // float rounding). Either way the maps come from one pass over the finished translation. Teacher forcing and
  // beam search always run whole passes.
  bool cache = true;
};

// Beam search (Wu et al. 2016, section 7): at each step the `width` most probable extensions of the hypotheses
// still open are kept; one ending in <eos> is finished. A hypothesis Y is ranked by its score, the sum of the
// log-probabilities of its tokens (<eos> included), divided by the length penalty
// lp(Y) = ((5 + |Y|) / 6)^α, α = 0.6, |Y| counting <eos>: without it every extra token (p ≤ 1) lowers the
// score and short hypotheses win. The search stops when no hypothesis is open, at the length limit (open
// hypotheses then end there, unfinished), or when no open hypothesis can beat the best finished one: tokens
// only lower a score and lp grows with length, so score / lp(limit) bounds what an open one can still reach.
// Two rules keep lp from rewarding length for its own sake (issue 62: beam 4 made "show them the house"
// "muéstrales la casa a la casa", a longer and wrong sentence winning on its normalised score):
// - a hypothesis that *repeats* (says a token a second time while attending most to the same source word as
//   when it said it first: a source word's translation said more often than the source says the word) ranks
//   below every finished hypothesis that does not, whatever its score. Which source word a token attends to
//   most is the last decoder layer's cross-attention, its heads summed (as an unknown word's copy is chosen).
//   Wu et al.'s coverage penalty punishes the opposite, source words left unsaid; a repeat is its mirror, and a
//   rule rather than a weight, so no score can buy it back. Width 1 keeps greedy decoding's words: it has one
//   hypothesis to choose.
// - a hypothesis cut at the length limit ranks below every finished one.
inline constexpr std::size_t kMaxBeamWidth = 8;
inline constexpr double kLengthPenaltyAlpha = 0.6;
double length_penalty(std::size_t length);

struct BeamNode {
  int token = 0;          // the target token this hypothesis adds
  int parent = -1;        // the hypothesis it extends: an index into the previous step's nodes (-1 at step 0)
  double score = 0;       // Σ log p of its tokens
  double normalized = 0;  // score / length_penalty(its length)
  bool finished = false;  // it ended with <eos>
  int source = -1;        // the source position its token attends to most (-1: the search was not told)
  bool repeats = false;   // it, or a hypothesis it extends, repeats (above)
};
struct BeamTree {
  std::vector<std::vector<BeamNode>> steps;  // steps[t]: the hypotheses of t + 1 tokens kept at step t
  std::size_t best_step = 0, best_node = 0;  // the best hypothesis: finished, or cut at the length limit
  std::vector<int> tokens(std::size_t step, std::size_t node) const;  // a hypothesis's tokens, first to last
};
// Fills `log_probabilities` (one per target token; -infinity for a token never produced) for the token after
// `prefix`: the tokens of hypothesis `parent` of step `step - 1` (the empty prefix at step 0, parent -1).
using NextTokenScores = std::function<void(std::size_t step, int parent, const std::vector<int>& prefix,
                                           std::vector<double>& log_probabilities)>;
// The search itself, over any next-token scores, at most `max_tokens` tokens a hypothesis. Ties go to the
// earlier parent, then the lower token id, so width 1 takes greedy decoding's argmax at every step.
// `attended` (optional): the source position the token after hypothesis `parent` of step `step - 1` attends to
// most, asked after `next` for the same hypothesis; without it no hypothesis repeats.
using AttendedSource = std::function<int(std::size_t step, int parent)>;
BeamTree beam_search(std::size_t width, std::size_t max_tokens, int end_token, const NextTokenScores& next,
                     const AttendedSource& attended = nullptr);

// A beam search as a translation shows it: every hypothesis kept, with what a view needs to draw it.
struct BeamHypothesis : BeamNode {
  std::string word;      // the token as a word; an <unk> shows the source word it copies
  int copied_from = -1;  // for an <unk>: the source position it copies (see copy_unknown_words), else -1
  // Ld × H × S: the cross-attention row of the decoder position that chose this token (its parent's last
  // input), every layer and head.
  std::vector<float> cross_attention;
};
struct BeamSearch {
  std::size_t width = 0;
  std::vector<std::vector<BeamHypothesis>> steps;
  std::size_t best_step = 0, best_node = 0;  // the translation returned
  // Greedy decoding of the same sentence (width 1), to show where it parts from the beam: its tokens (<eos>
  // included when it stopped by itself), score and normalised score.
  std::vector<std::string> greedy;
  std::vector<std::string> greedy_words;  // the same as words: an <unk> shows the source word it copies
  double greedy_score = 0, greedy_normalized = 0;
};

struct Translation {
  std::vector<std::string> source;  // the input words + "<eos>"
  std::vector<std::string> target;  // the produced (or forced) words, + "<eos>" when decoding stopped by itself
  std::size_t layers_encoder = 0, layers_decoder = 0, heads = 0;
  // Row-major maps, layer by layer and head by head. Row t of a decoder map is the query that produced
  // target[t]; decoder self-attention's columns are the decoder inputs "<bos>", target[0], … (T of them).
  std::vector<float> encoder_self;     // Le × H × S × S
  std::vector<float> decoder_self;     // Ld × H × T × T
  std::vector<float> cross_attention;  // Ld × H × T × S
  // T × V: at step t, the output distribution the word target[t] was chosen from (over model.target's words;
  // <bos> has probability 0).
  std::vector<float> probabilities;
  // Models with "<unk>": per target token, the source position whose word an output <unk> was replaced by
  // (copy_unknown_words), else -1; teacher forcing copies nothing (the forced words stay, an unknown one is
  // shown as "<unk>", the token the model was fed). Empty for other models.
  std::vector<int> copied_from;
  // Models with "<unk>": the sentence's words outside the source vocabulary (encoded as <unk>), each once, in
  // order, and what kind of word each is with known words to use instead (attn/word_reading.h).
  std::vector<std::string> unknown_words;
  std::vector<corpus::WordReading> readings;
  std::optional<BeamSearch> beam;  // with Decoding::beam
};

struct TranslateError {
  enum class Kind { empty, too_long, unknown_words, unknown_target_words } kind;
  std::string message;
  std::vector<std::string> unknown_words;
  std::vector<corpus::WordReading> readings;  // per unknown word: its kind and known words to use instead
  // A sentence of too many words: how many it has and the most the model reads (0 for the other refusals), so a
  // page can say it in its own language.
  std::size_t words = 0;
  std::size_t limit = 0;
};

struct TranslateResult {
  std::optional<Translation> translation;
  std::optional<TranslateError> error;
};

// The longest sentence translate() reads, in UTF-8 bytes (its word count is bounded by the model too).
inline constexpr std::size_t kMaxSentenceBytes = 4096;
// The most target tokens (<eos> included) decoding produces, and forcing accepts, whatever the model's
// positions: every task here has targets of at most a dozen or so words, and a model that never says <eos>
// (a stranger's file allows 512 positions and 16 layers) must not keep a page decoding for seconds, nor make
// the per-step maps (T³ numbers) outgrow memory.
inline constexpr std::size_t kMaxTargetTokens = 32;

class Translator {
 public:
  Translator(TranslationModel model, const KernelSet& kernels);
  ~Translator();
  Translator(Translator&&) noexcept;

  const TranslationModel& model() const { return model_; }
  // grammar_language(model()), found once: the bindings ask it of every translation (the grammar's reference),
  // and comparing the vocabularies with each language pair's was some 4% of a translate() call in Node.
  const std::optional<corpus::Language>& language() const { return language_; }
  // The commonest words of the lexicon the model was trained on (corpus::vocabulary_of: lexicon_size() for the whole
  // lexicon, as the shipped models), so that its held-out sentences are drawn from its own words; 0 without a language.
  std::size_t vocabulary() const { return vocabulary_; }
  std::size_t max_source_words() const;  // the longest sentence accepted, in words
  // The heads every later translation switches off (see HeadMask; check it with head_mask_problem first).
  void set_head_mask(HeadMask mask) { transformer_.set_head_mask(std::move(mask)); }

  // Decoding as `decoding` says (greedy by default; its beam width within 1 to kMaxBeamWidth, checked by the
  // caller); temperature applies to every attention layer. Unknown words are refused, with the closest known
  // ones, unless the model has "<unk>": then they are carried (see Translation::copied_from).
  TranslateResult translate(const std::string& sentence, float temperature = 1.0f, const Decoding& decoding = {});
  // `max_tokens` stops decoding early (<eos> included): an evaluation that only asks whether the output is
  // the reference need not decode past the reference's length. Words (source and forced target) must be known
  // unless the model has "<unk>".
  Translation translate_words(const std::vector<std::string>& words, float temperature = 1.0f,
                              std::size_t max_tokens = SIZE_MAX, const Decoding& decoding = {});
  // Teacher forcing: the decoder is fed <bos> + `target` (known words) instead of its own output. Returns the
  // cross-attention maps, Ld × H × (|target| + 1) × (|source| + 1): row t produced target[t] (the last, <eos>).
  std::vector<float> forced_cross_attention(const std::vector<std::string>& source,
                                            const std::vector<std::string>& target);

 private:
  // words + <eos>; unknown words as <unk> (models that have it)
  std::vector<int> source_ids(const std::vector<std::string>& words) const;
  int target_id(const std::string& word) const;  // an unknown word is <unk> (models that have it)
  // The output distribution at decoder position `row` of the last forward pass, into `out` (V floats).
  void distribution(std::size_t row, float output_temperature, float* out);
  // The output distribution of one row of logits (V floats), into `out`.
  void distribution_of(const float* logits, float output_temperature, float* out);
  // Its logarithm in double precision (beam search's scores), into `out` (V numbers; <bos> -infinity).
  void log_distribution(std::size_t row, float output_temperature, std::vector<double>& out) const;
  // Greedy or sampled decoding (the source already encoded): the tokens chosen, each step's distribution.
  std::vector<int> decode_freely(const std::vector<int>& source, float temperature, std::size_t max_tokens,
                                 const Decoding& decoding, std::vector<float>& probabilities);
  // The decoder's maps in activations_, from decode_freely()'s cached steps: `steps` rows of self-attention (each step
  // its layers × heads × (step + 1) weights) and of cross-attention over `sources` rows (layers × heads × sources).
  void maps_from_steps(const std::vector<float>& self_rows, const std::vector<float>& cross_rows, std::size_t steps,
                       std::size_t sources);
  // One teacher-forced pass whose decoder input is <bos> + produced without its last token; each row's
  // distribution into `probabilities`.
  void decode_forced(const std::vector<int>& source, const std::vector<int>& produced, float temperature,
                     float output_temperature, std::vector<float>& probabilities);
  // Beam search (beam_search.cpp): the tree, the best hypothesis's tokens in `best`.
  BeamSearch decode_beam(const std::vector<int>& source, const std::vector<std::string>& words, float temperature,
                         std::size_t max_tokens, const Decoding& decoding, std::vector<int>& best);
  // The tokens decoding stops at: `max_tokens`, the positions and kMaxTargetTokens.
  std::size_t token_limit(std::size_t max_tokens) const;
  // The Translation of `produced` from the last forward pass's maps over `source` (ids); `copy` replaces output
  // <unk>s.
  Translation assemble(const std::vector<std::string>& words, const std::vector<int>& source,
                       const std::vector<int>& produced, std::vector<float> probabilities, bool copy) const;

  TranslationModel model_;
  std::optional<corpus::Language> language_;
  std::size_t vocabulary_ = 0;
  // Every block's weights packed once, for the kernel set's products over many rows (an encoder pass, the memory's
  // cross-attention keys and values): the parameters never change after loading.
  std::unique_ptr<PackedWeights> packed_;
  Transformer transformer_;
  Activations activations_;
  KeyValueCache cache_;
  std::vector<float> step_logits_;
  std::vector<float> softmax_workspace_;  // the kernel set's softmax's (the reference's double row)
};

// The words of `words` outside `vocabulary`, each once, in order, into `unknown`, with what kind of word each is
// and the known words to use instead into `readings`.
void find_unknown_words(const std::vector<std::string>& words, const Vocabulary& vocabulary,
                        std::vector<std::string>& unknown, std::vector<corpus::WordReading>& readings);

// Where an output <unk> copies its word from (Jean et al. 2015; Luong et al. 2015 copy the aligned source word,
// with attention for the alignment): the candidate source position that the last decoder layer's
// cross-attention, averaged over its heads, weighs most for the row that produced it (ties: the earlier one).
// The candidates are the positions the model read as <unk> (`source` ids equal to kSourceUnknown): an output
// <unk> stands for a word the model could not read, a word it read it would have translated. Only when the
// sentence has none (the model said <unk> of its own accord) is every word a candidate; the closing <eos> never
// is. The last layer is the one whose reading feeds the output directly; the average does not bet on one head
// (which head aligns best differs between training runs). Measured on the en-es recipe trained with
// --unk-rate 0.1, one made-up word per held-out sentence: the plain argmax over every word found it 73% of the
// time, so the candidates matter (docs/api.md).
std::vector<std::size_t> copy_candidates(const std::vector<int>& source);
// `rows` holds the last layer's weights, head h's row at rows + h · head_stride; -1 without candidates.
int copy_source(const float* rows, std::size_t heads, std::size_t head_stride,
                const std::vector<std::size_t>& candidates);
// copy_source for every token of `target` that is `unknown`, -1 for the others; `cross_attention` is
// Ld × H × T × S as in Translation (T = target.size(), S = source.size(), `source` the ids with <eos>).
std::vector<int> copy_unknown_words(const std::vector<float>& cross_attention, std::size_t layers, std::size_t heads,
                                    const std::vector<int>& source, const std::vector<int>& target, int unknown);

}  // namespace attn::model
