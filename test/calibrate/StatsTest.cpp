// Statistics with hand-computed answers.
#include "Stats.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace commcost::calib;

TEST(Stats, MedianAndQuantiles) {
  EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(quantile({1, 2, 3, 4, 5}, 0.25), 2);
  EXPECT_THROW(median({}), std::invalid_argument);
}

TEST(Stats, SpreadsAndStandardError) {
  EXPECT_DOUBLE_EQ(relativeRange({9, 10, 12}), 0.3);
  EXPECT_DOUBLE_EQ(relativeSpread({1, 2, 3, 4, 5}), 2.0 / 3);
  // mean 2, sd 1, n 3: se = 1/sqrt(3), relative 1/(2 sqrt 3)
  EXPECT_NEAR(relativeStandardError({1, 2, 3}), 1 / (2 * std::sqrt(3.0)),
              1e-12);
  EXPECT_TRUE(std::isinf(relativeStandardError({1})));
}

TEST(Stats, AccuracyAsTheCacheLinesPaperDefinesIt) {
  // errors 1, -1, 0, 2 on measured 10, 20, 30, 40 with 2 coefficients:
  // SSE 6, S_e = sqrt(6 / 2), SSE of the mean 500, R^2 = 6 / 500.
  auto S = accuracy({10, 20, 30, 40}, {9, 21, 30, 38}, 2);
  EXPECT_NEAR(S.Se, std::sqrt(3.0), 1e-12);
  EXPECT_NEAR(S.R2, 6.0 / 500, 1e-12);
  EXPECT_NEAR(S.AvgRelErr, (0.1 + 0.05 + 0 + 0.05) / 4, 1e-12);
  EXPECT_NEAR(S.MaxRelErr, 0.1, 1e-12);
  EXPECT_EQ(S.TestPoints, 4u);
  EXPECT_THROW(accuracy({1}, {1, 2}, 1), std::invalid_argument);
}
