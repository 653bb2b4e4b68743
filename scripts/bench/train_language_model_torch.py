"""Training speed of the same language model in PyTorch, for npm run bench:language-model (never needed by npm test).

The shape of web/lib's default language model: decoder-only, pre-LayerNorm, D=64, 4 heads, FFN 256, 2 blocks, context
64, a vocabulary of 256 tokens, sinusoidal positions added to the scaled embeddings (as ours), Adam, global-norm
clipping at 1, batches of 16 windows of 65 tokens drawn from the given text's bytes. One CPU thread, as ours.

Usage: train_language_model_torch.py CORPUS STEPS. Prints one JSON line:
{"steps_per_second": ..., "torch": "1.13.1", "threads": 1}.
"""
import json
import math
import random
import sys
import time

import torch
from torch import nn

from torch_positions import sinusoids

D, HEADS, FFN, LAYERS, CONTEXT, BATCH, VOCABULARY = 64, 4, 256, 2, 64, 16, 256


class LanguageModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCABULARY, D)
        self.register_buffer("positions", sinusoids(CONTEXT, D))
        block = nn.TransformerEncoderLayer(D, HEADS, FFN, dropout=0.0, batch_first=True, norm_first=True)
        self.blocks = nn.TransformerEncoder(block, LAYERS)
        self.norm = nn.LayerNorm(D)
        self.output = nn.Linear(D, VOCABULARY)
        self.register_buffer("causal", torch.triu(torch.full((CONTEXT, CONTEXT), float("-inf")), diagonal=1))

    def forward(self, tokens):
        x = self.embedding(tokens) * math.sqrt(D) + self.positions[: tokens.shape[1]]
        return self.output(self.norm(self.blocks(x, mask=self.causal)))


def main():
    torch.set_num_threads(1)
    torch.manual_seed(7)
    text = open(sys.argv[1], "rb").read()
    steps = int(sys.argv[2])
    data = torch.tensor(list(text), dtype=torch.long)
    model = LanguageModel()
    optimiser = torch.optim.Adam(model.parameters(), lr=3e-3, betas=(0.9, 0.98), eps=1e-8)
    loss_function = nn.CrossEntropyLoss()
    draw = random.Random(1)

    def step():
        starts = [draw.randrange(len(data) - CONTEXT - 1) for _ in range(BATCH)]
        windows = torch.stack([data[s : s + CONTEXT + 1] for s in starts])
        logits = model(windows[:, :-1])
        loss = loss_function(logits.reshape(-1, VOCABULARY), windows[:, 1:].reshape(-1))
        optimiser.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()

    for _ in range(5):  # warm-up: allocations, first-call paths
        step()
    start = time.perf_counter()
    for _ in range(steps):
        step()
    seconds = time.perf_counter() - start
    print(json.dumps({"steps_per_second": steps / seconds, "torch": torch.__version__, "threads": 1}))


main()
