#include <cmath>
#include <utility>

#include "attn/training.h"

namespace attn::model {

Adam::Adam(std::size_t parameters, float beta1, float beta2, float epsilon)
    : m_(parameters, 0.0f), v_(parameters, 0.0f), beta1_(beta1), beta2_(beta2), epsilon_(epsilon) {}

void Adam::step(float* params, const float* grads, float learning_rate) {
  ++steps_;
  beta1_power_ *= beta1_;
  beta2_power_ *= beta2_;
  // Bias correction folded into the step size: lr·sqrt(1−β2^t)/(1−β1^t).
  const float corrected = static_cast<float>(learning_rate * std::sqrt(1.0 - beta2_power_) / (1.0 - beta1_power_));
  const float eps = epsilon_ * static_cast<float>(std::sqrt(1.0 - beta2_power_));
  for (std::size_t i = 0; i < m_.size(); ++i) {
    m_[i] = beta1_ * m_[i] + (1.0f - beta1_) * grads[i];
    v_[i] = beta2_ * v_[i] + (1.0f - beta2_) * grads[i] * grads[i];
    params[i] -= corrected * m_[i] / (std::sqrt(v_[i]) + eps);
  }
}

void Adam::restore(std::vector<float> first_moments, std::vector<float> second_moments, std::size_t steps) {
  m_ = std::move(first_moments);
  v_ = std::move(second_moments);
  steps_ = steps;
  // β^t by the same products step() takes, so the bias corrections are the uninterrupted run's to the last bit.
  beta1_power_ = beta2_power_ = 1.0;
  for (std::size_t t = 0; t < steps; ++t) beta1_power_ *= beta1_, beta2_power_ *= beta2_;
}

}  // namespace attn::model
