"""Training speed of the same translation model in PyTorch, for npm run bench (never needed by npm test).

The shape of web/lib's default trainer: pre-LayerNorm encoder-decoder, D=32, 4 heads, FFN 64, 2+2 layers,
fixed sinusoidal positions added to the scaled embeddings (as ours), Adam, global-norm clipping at 1, batches of 48 sentence pairs padded to their longest sentence (PyTorch's usual way), with
sentence lengths drawn from the toy corpus (passed in by the bench as JSON). One CPU thread, as ours.

Prints one JSON line: {"steps_per_second": ..., "torch": "1.13.1", "threads": 1}.
"""
import json
import math
import random
import sys
import time

import torch
from torch import nn

from torch_positions import sinusoids

D, HEADS, FFN, LAYERS, BATCH = 32, 4, 64, 2, 48
SOURCE_VOCABULARY, TARGET_VOCABULARY = 102, 141  # the toy corpus's, special tokens included


class Translator(nn.Module):
    def __init__(self):
        super().__init__()
        self.source_embedding = nn.Embedding(SOURCE_VOCABULARY, D)
        self.target_embedding = nn.Embedding(TARGET_VOCABULARY, D)
        self.register_buffer("positions", sinusoids(32, D))
        self.transformer = nn.Transformer(D, HEADS, LAYERS, LAYERS, FFN, dropout=0.0, batch_first=True, norm_first=True)
        self.output = nn.Linear(D, TARGET_VOCABULARY)

    def forward(self, source, target_in, source_padding, target_padding):
        scale = math.sqrt(D)
        s = self.source_embedding(source) * scale + self.positions[: source.shape[1]]
        t = self.target_embedding(target_in) * scale + self.positions[: target_in.shape[1]]
        causal = self.transformer.generate_square_subsequent_mask(target_in.shape[1])
        y = self.transformer(s, t, tgt_mask=causal, src_key_padding_mask=source_padding,
                             tgt_key_padding_mask=target_padding, memory_key_padding_mask=source_padding)
        return self.output(y)


def batch(lengths, rng):
    """Random token ids with the corpus's sentence lengths, padded (id 0 is padding here)."""
    pairs = [rng.choice(lengths) for _ in range(BATCH)]
    source_len = max(s for s, _ in pairs) + 1
    target_len = max(t for _, t in pairs) + 1
    source = torch.zeros(BATCH, source_len, dtype=torch.long)
    target = torch.zeros(BATCH, target_len + 1, dtype=torch.long)
    for i, (s, t) in enumerate(pairs):
        source[i, : s + 1] = torch.randint(1, SOURCE_VOCABULARY, (s + 1,))
        target[i, : t + 2] = torch.randint(1, TARGET_VOCABULARY, (t + 2,))
    return source, target[:, :-1], target[:, 1:]


def main():
    lengths = [tuple(pair) for pair in json.loads(sys.argv[1])]
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    torch.set_num_threads(1)
    torch.manual_seed(7)
    rng = random.Random(7)
    model = Translator()
    optimiser = torch.optim.Adam(model.parameters(), lr=0.008, betas=(0.9, 0.98))
    loss_function = nn.CrossEntropyLoss(ignore_index=0)

    def step():
        source, target_in, target_out = batch(lengths, rng)
        logits = model(source, target_in, source == 0, target_in == 0)
        loss = loss_function(logits.reshape(-1, TARGET_VOCABULARY), target_out.reshape(-1))
        optimiser.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()

    for _ in range(10):  # warm-up
        step()
    start = time.perf_counter()
    for _ in range(steps):
        step()
    seconds = time.perf_counter() - start
    print(json.dumps({"steps_per_second": steps / seconds, "torch": torch.__version__, "threads": torch.get_num_threads(),
                      "parameters": sum(p.numel() for p in model.parameters())}))


if __name__ == "__main__":
    main()
