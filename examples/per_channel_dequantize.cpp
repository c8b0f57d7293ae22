// Per-channel dequantization: one scale and one zero point per output channel, broadcast over
// the other dimensions with zero strides, as DirectML expresses it (no reshapes, no copies).

#include <cstdint>
#include <cstdio>
#include <vector>

#include <dmlref/dmlref.hpp>

int main() {
  const std::uint32_t channels = 3, height = 2, width = 4;
  std::vector<std::uint8_t> quantized(channels * height * width);
  for (std::size_t i = 0; i < quantized.size(); ++i) quantized[i] = static_cast<std::uint8_t>(17 * i % 256);
  const float scale[channels] = {0.5f, 0.25f, 0.125f};
  const std::uint8_t zero_point[channels] = {128, 0, 64};
  std::vector<float> result(quantized.size());

  const std::uint32_t sizes[] = {channels, height, width};
  const std::uint32_t per_channel[] = {1, 0, 0};  // one value per channel, broadcast over height and width
  const auto status = dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(quantized.data(), sizes),
                                                dmlref::make_strided_view(scale, sizes, per_channel),
                                                dmlref::make_strided_view(zero_point, sizes, per_channel),
                                                dmlref::make_packed_view(result.data(), sizes));
  if (!status.ok()) {
    std::fprintf(stderr, "dequantize_linear: %s\n", status.message().c_str());
    return 1;
  }
  for (std::uint32_t c = 0; c < channels; ++c) {
    std::printf("channel %u (scale %g, zero point %u):", c, static_cast<double>(scale[c]), zero_point[c]);
    for (std::uint32_t k = 0; k < height * width; ++k) {
      std::printf(" %g", static_cast<double>(result[c * height * width + k]));
    }
    std::printf("\n");
  }
  return 0;
}
