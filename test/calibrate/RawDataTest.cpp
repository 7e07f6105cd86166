// The raw-data CSV format: a round trip keeps every point and sample;
// malformed files are refused with the file, line and problem.
#include "RawData.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace commcost::calib;

namespace {
std::vector<Point> samplePoints() {
  return {{"marshalling",
           "row",
           "train",
           1,
           {{"m", 8000}, {"n", 1}},
           {1.5, 1.25, 0.1 + 0.2}},
          {"smp",
           "vary/good",
           "suite3",
           2,
           {{"hr", 5}, {"p", 2}, {"x", 2}},
           {1e-7, 123456.789}}};
}

std::string errorOf(const std::string &Text) {
  try {
    fromCsv(Text, "f.csv");
  } catch (const RawDataError &E) {
    return E.what();
  }
  return "no error";
}
} // namespace

TEST(RawData, RoundTripIsExact) {
  auto In = samplePoints();
  auto Out = fromCsv(toCsv(In), "mem");
  ASSERT_EQ(Out.size(), In.size());
  for (size_t I = 0; I < In.size(); ++I) {
    EXPECT_EQ(Out[I].Suite, In[I].Suite);
    EXPECT_EQ(Out[I].Kind, In[I].Kind);
    EXPECT_EQ(Out[I].Set, In[I].Set);
    EXPECT_EQ(Out[I].P, In[I].P);
    EXPECT_EQ(Out[I].Features, In[I].Features); // absent stays absent
    EXPECT_EQ(Out[I].SamplesUs, In[I].SamplesUs);
  }
  EXPECT_DOUBLE_EQ(Out[0].medianUs(), 1.25);
}

TEST(RawData, FileRoundTrip) {
  auto Path = std::filesystem::temp_directory_path() / "commcost-raw-test.csv";
  saveCsv(samplePoints(), Path.string());
  EXPECT_EQ(loadCsv(Path.string()).size(), 2u);
  std::filesystem::remove(Path);
  EXPECT_THROW(loadCsv(Path.string()), RawDataError);
}

TEST(RawData, MalformedFilesAreRefused) {
  EXPECT_NE(errorOf("").find("f.csv:1: empty file"), std::string::npos);
  EXPECT_NE(errorOf("pt,suite,kind,set,p,rep,time_us\n").find("'pt'"),
            std::string::npos);
  const std::string Head = "point,suite,kind,set,procs,m,rep,time_us\n";
  EXPECT_NE(errorOf(Head + "0,s,k,t,1,8,0,abc\n")
                .find("f.csv:2: column 'time_us': 'abc' is not a number"),
            std::string::npos);
  EXPECT_NE(errorOf(Head + "0,s,k,t,1,8,0\n").find("f.csv:2: 7 cells"),
            std::string::npos);
  EXPECT_NE(errorOf(Head + "0,s,k,t,0,8,0,1\n").find("column 'procs'"),
            std::string::npos);
  EXPECT_NE(errorOf(Head + "0,s,k,t,1,8,0,-1\n").find("negative"),
            std::string::npos);
}
