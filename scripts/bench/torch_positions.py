"""Sinusoidal position encodings as our C++ adds them (cpp/src/model/layers.cpp), for the PyTorch peers of the
training benchmarks (train_torch.py, train_language_model_torch.py)."""
import math

import torch


def sinusoids(length, width):
    position = torch.arange(length).unsqueeze(1)
    frequency = torch.exp(torch.arange(0, width, 2) * (-math.log(10000.0) / width))
    table = torch.zeros(length, width)
    table[:, 0::2] = torch.sin(position * frequency)
    table[:, 1::2] = torch.cos(position * frequency)
    return table
