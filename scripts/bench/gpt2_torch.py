"""PyTorch's side of npm run bench:gpt2: GPT-2 written in a few lines of torch from a model.safetensors (float32,
Hugging Face's names, Conv1D layout), on one thread. Reads a JSON job on stdin: { weights, config, precision:
'float32' | 'int8', prompt: [ids], steps, runs, checks: [{ name, sequence, queries: [[position, id], ...] }] }, and
prints a JSON result: per generated token after the prompt with the key/value cache (`steps` greedy tokens), per
prompt (one causal pass), the process's peak resident memory, and for each check the log-probabilities of its queries
(the next-token distribution at `position` over its `sequence`, read after the prompt a token at a time with the
cache) and the most likely token at each position from the prompt's last on, for the agreement check. int8 is torch.ao's quantize_dynamic over every Linear (the unembedding's too):
int8 weights with a scale per output, activations quantized on the fly. One precision per process, so that each has
its own peak memory (the int8 one's includes the float32 model it is quantized from)."""

import json
import math
import resource
import struct
import sys
import time

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

torch.set_num_threads(1)


def read_safetensors(path):
    with open(path, 'rb') as f:
        (length,) = struct.unpack('<Q', f.read(8))
        header = json.loads(f.read(length))
    data = np.memmap(path, dtype=np.uint8, mode='r', offset=8 + length)
    tensors = {}
    for name, info in header.items():
        if name == '__metadata__':
            continue
        assert info['dtype'] == 'F32', info['dtype']
        begin, end = info['data_offsets']
        array = np.frombuffer(data[begin:end], dtype=np.float32).reshape(info['shape'])
        tensors[name.removeprefix('transformer.')] = torch.from_numpy(array.copy())
    return tensors


def linear(weight, bias):  # Conv1D (in, out) → nn.Linear (out, in)
    layer = nn.Linear(weight.shape[0], weight.shape[1], bias=bias is not None)
    layer.weight.data = weight.t().contiguous()
    if bias is not None:
        layer.bias.data = bias
    return layer


class Block(nn.Module):
    def __init__(self, t, i, config):
        super().__init__()
        p = f'h.{i}.'
        d, eps = config['n_embd'], config['layer_norm_epsilon']
        self.heads = config['n_head']
        self.ln_1 = nn.LayerNorm(d, eps=eps)
        self.ln_2 = nn.LayerNorm(d, eps=eps)
        for norm, name in ((self.ln_1, 'ln_1'), (self.ln_2, 'ln_2')):
            norm.weight.data, norm.bias.data = t[p + name + '.weight'], t[p + name + '.bias']
        self.c_attn = linear(t[p + 'attn.c_attn.weight'], t[p + 'attn.c_attn.bias'])
        self.c_proj = linear(t[p + 'attn.c_proj.weight'], t[p + 'attn.c_proj.bias'])
        self.c_fc = linear(t[p + 'mlp.c_fc.weight'], t[p + 'mlp.c_fc.bias'])
        self.mlp_proj = linear(t[p + 'mlp.c_proj.weight'], t[p + 'mlp.c_proj.bias'])

    def forward(self, x, past):
        n, d = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(d, dim=1)
        heads = lambda m: m.view(-1, self.heads, d // self.heads).transpose(0, 1)
        q, k, v = heads(q), heads(k), heads(v)
        if past is not None:
            k, v = torch.cat([past[0], k], dim=1), torch.cat([past[1], v], dim=1)
        scores = q @ k.transpose(1, 2) / math.sqrt(d // self.heads)
        start = k.shape[1] - n  # query i is position start + i: it reads keys 0 .. start + i
        mask = torch.ones(n, k.shape[1], dtype=torch.bool).tril(start)
        attended = scores.masked_fill(~mask, float('-inf')).softmax(-1) @ v
        x = x + self.c_proj(attended.transpose(0, 1).reshape(n, d))
        h = self.c_fc(self.ln_2(x))
        return x + self.mlp_proj(F.gelu(h, approximate='tanh')), (k, v)


class GPT2(nn.Module):
    def __init__(self, t, config):
        super().__init__()
        self.wte, self.wpe = t['wte.weight'], t['wpe.weight']
        self.blocks = nn.ModuleList(Block(t, i, config) for i in range(config['n_layer']))
        self.ln_f = nn.LayerNorm(config['n_embd'], eps=config['layer_norm_epsilon'])
        self.ln_f.weight.data, self.ln_f.bias.data = t['ln_f.weight'], t['ln_f.bias']
        self.unembed = nn.Linear(config['n_embd'], config['vocab_size'], bias=False)
        self.unembed.weight.data = self.wte  # tied

    def forward(self, ids, cache=None):
        start = cache[0][0].shape[1] if cache else 0
        x = self.wte[ids] + self.wpe[start:start + len(ids)]
        new_cache = []
        for i, block in enumerate(self.blocks):
            x, kv = block(x, cache[i] if cache else None)
            new_cache.append(kv)
        return self.unembed(self.ln_f(x)), new_cache


def median(values):
    return sorted(values)[len(values) // 2]


def measure(model, job):
    prompt = torch.tensor(job['prompt'])
    first = len(job['prompt']) - 1
    with torch.inference_mode():
        prompt_runs, prompt_cpu = [], []
        for _ in range(job['runs']):
            started, cpu = time.perf_counter(), time.thread_time()
            model(prompt)
            prompt_runs.append(time.perf_counter() - started)
            prompt_cpu.append(time.thread_time() - cpu)
        # The prompt's keys and values, read once: each step below extends them into new tensors, never in place.
        prompt_logits, prompt_cache = model(prompt)
        token_runs, token_cpu = [], []
        for _ in range(job['runs']):
            cache, token = prompt_cache, prompt_logits[-1:].argmax(-1)
            started, cpu = time.perf_counter(), time.thread_time()
            for _ in range(job['steps']):
                logits, cache = model(token, cache)
                token = logits[-1:].argmax(-1)
            token_runs.append((time.perf_counter() - started) / job['steps'])
            token_cpu.append((time.thread_time() - cpu) / job['steps'])
        # Each check's sequence after the prompt, a token at a time from the prompt's cache: its distributions at
        # positions first .. the end (one prompt pass for every check, where a whole pass each cost minutes here).
        checks = []
        for check in job['checks']:
            rows, cache = [prompt_logits[-1]], prompt_cache
            for token in check['sequence'][len(job['prompt']):]:
                logits, cache = model(torch.tensor([token]), cache)
                rows.append(logits[-1])
            log_probs = torch.stack(rows).double().log_softmax(-1)
            checks.append({
                'name': check['name'],
                'logProbs': [log_probs[position - first, token].item() for position, token in check['queries']],
                'argmax': log_probs.argmax(-1).tolist(),
            })
    return {
        'promptSeconds': median(prompt_runs),
        'tokenSeconds': median(token_runs),
        'promptCpuSeconds': median(prompt_cpu),
        'tokenCpuSeconds': median(token_cpu),
        'checks': checks,
    }


def main():
    job = json.load(sys.stdin)
    with open(job['config']) as f:
        config = json.load(f)
    model = GPT2(read_safetensors(job['weights']), config).eval()
    result = {'torch': torch.__version__, 'threads': torch.get_num_threads()}
    if job['precision'] == 'int8':
        engines = torch.backends.quantized.supported_engines
        torch.backends.quantized.engine = result['engine'] = 'fbgemm' if 'fbgemm' in engines else 'onednn'
        model = torch.ao.quantization.quantize_dynamic(model, {nn.Linear}, dtype=torch.qint8)
    result.update(measure(model, job))
    result['peakMegabytes'] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    json.dump(result, sys.stdout)


main()
