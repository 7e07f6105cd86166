// The analysis on synthetic raw data generated from known models: it must
// recover them, select them by held-out error, meet the targets on clean
// data, and build a profile that survives a save/load round trip.
#include "Analysis.h"

#include "Explain.h"
#include "Generators.h"
#include "commcost/Features.h"
#include "commcost/Profile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>

using namespace commcost;
using namespace commcost::calib;

namespace {

/// Three samples with +-1% around Truth(F).
Point pointOf(const std::string &Suite, const std::string &Kind,
              const std::string &Set, unsigned P, const FeatureVector &F,
              double T) {
  return {Suite, Kind, Set, P, F, {T * 0.99, T, T * 1.01}};
}

/// Packet points of a known trilinear T with per-byte coefficient C2: a
/// grid over (k, l, r) and the curve of D = 64 KiB split into k packets.
void addSyntheticPackets(RawSet &Raw, const std::string &Kind, double C2) {
  Model T("t", builtinModelForm("Fischer").Form,
          {{"c0", 3},
           {"c1", 1},
           {"c2", C2},
           {"c3", 0.5},
           {"c4", 0},
           {"c5", 0.0002},
           {"c6", 0},
           {"c7", 0}});
  for (double K : {1.0, 4.0, 16.0, 64.0})
    for (double L : {64.0, 512.0, 4096.0, 32768.0})
      for (double Rr : {0.5, 1.0}) {
        FeatureVector F{{"k", K}, {"l", L}, {"r", Rr}};
        Raw["packets"].push_back(
            pointOf("packets", Kind, "grid", 2, F, T.evaluate(F)));
      }
  for (double L = 64; L <= 65536; L *= 2) {
    FeatureVector F{{"k", 65536 / L}, {"l", L}, {"r", 1}};
    Raw["packets"].push_back(
        pointOf("packets", Kind, "curve", 2, F, T.evaluate(F)));
  }
}


/// 240 rows and columns of random shapes priced by Truth: the first 100 in
/// set Prefix + "train", the rest in Prefix + "test".
void addSyntheticMarshalling(RawSet &Raw, const Model &Truth,
                             const std::string &Prefix, unsigned Seed) {
  Rng R(Seed);
  std::uniform_int_distribution<int> Dim(1, 3000), Cnt(1, 200);
  for (int I = 0; I < 240; ++I) {
    bool Row = I % 2;
    double Rows = Dim(R), Cols = Dim(R), C = Cnt(R);
    double M = Row ? C * Cols * 8 : Rows * C * 8;
    double Lines = Row ? M / 64 : Rows * std::ceil(C * 8 / 64.0);
    double Pages = Row ? M / 4096 : Rows * std::ceil(C * 8 / 4096.0);
    FeatureVector F{{"n", 1},
                    {"m", M},
                    {"L_mem", Lines},
                    {"pages", Pages},
                    {"runs", Row ? 1 : Rows}};
    Raw["marshalling"].push_back(
        pointOf("marshalling", Row ? "row" : "column",
                Prefix + (I < 100 ? "train" : "test"), 1, F,
                Truth.evaluate(F)));
  }
}

RawSet syntheticRaw() {
  RawSet Raw;
  // Marshalling: the truth has a page term, which only the added forms
  // can express.
  Model Mar("truth", "a*n + b*m + c*L_mem + e*pages",
            {{"a", 0.2}, {"b", 1e-4}, {"c", 0.01}, {"e", 0.5}});
  addSyntheticMarshalling(Raw, Mar, "", 11);
  Rng R(11);
  // SMP: the good family follows HrHwM-c exactly, the bad HrHwM.
  Model Good("g", builtinModelForm("HrHwM-c").Form,
             {{"L", 5},
              {"ghrc", 0.001},
              {"ghrm", 0.004},
              {"ghwc", 0.0008},
              {"ghwm", 0.003},
              {"gM", 0.0001}});
  Model Bad("b", builtinModelForm("HrHwM").Form,
            {{"L", 20}, {"ghr", 0.05}, {"ghw", 0.09}, {"gM", 0.01}});
  for (unsigned P : {1u, 2u})
    for (uint64_t H : logSpaced(1000, 900000, 10))
      for (unsigned X = 1; X <= P; ++X)
        for (SmpPattern Pat : {SmpPattern::LikeGather, SmpPattern::LikeScatter,
                               SmpPattern::Vary}) {
          Superstep S[3] = {suite1Superstep(Pat, X, H, P),
                            suite2Superstep(Pat, X, H, P, R),
                            suite3Superstep(Pat, X, H, P, 2 * P * H, R)};
          for (int K = 0; K < 3; ++K) {
            FeatureVector F = superstepFeatures(S[K], 262144);
            std::string Set = "suite" + std::to_string(K + 1);
            Raw["smp"].push_back(
                pointOf("smp", "like/good", Set, P, F, Good.evaluate(F)));
            Raw["smp"].push_back(
                pointOf("smp", "like/bad", Set, P, F, Bad.evaluate(F)));
          }
        }
  // Packets: a known trilinear T.
  addSyntheticPackets(Raw, "k-k", 0.001);
  return Raw;
}

} // namespace

TEST(Analysis, NoiseFloorIsTheMedianRangeOfRepeatedMedians) {
  std::vector<Point> Noise;
  for (int Pass = 0; Pass < 3; ++Pass)
    for (int Probe = 0; Probe < 3; ++Probe)
      Noise.push_back({"noise",
                       "row",
                       "pass" + std::to_string(Pass + 1),
                       1,
                       {{"probe", double(Probe)}},
                       {100.0 + Pass * (Probe + 1) * 5}});
  // Places 2 and 3 of each probe, 50 and 200 microseconds: only the
  // placement spread sees them.
  for (int Probe = 0; Probe < 3; ++Probe)
    for (double T : {50.0, 200.0})
      Noise.push_back({"noise",
                       "row",
                       T < 100 ? "place2" : "place3",
                       1,
                       {{"probe", double(Probe)}},
                       {T}});
  // Probe ranges: 10/105, 20/110, 30/115.
  EXPECT_NEAR(noiseFloor(Noise), 20.0 / 110, 1e-12);
  // Every probe: (200 - 50) / 100, its first pass being 100.
  EXPECT_NEAR(placementSpread(Noise), 1.5, 1e-12);
}

TEST(Analysis, RecoversKnownModelsAndMeetsTargets) {
  RawSet Raw = syntheticRaw();
  Analysis A = analyse(Raw, MachineInfo{});
  auto Mar = fitsOf(A, "marshalling", "p=1", "rows+columns");
  ASSERT_FALSE(Mar.empty());
  EXPECT_TRUE(Mar[0]->Added); // only the added forms know pages
  EXPECT_LT(Mar[0]->Held.AvgRelErr, 0.01);
  auto Good = fitsOf(A, "smp-good", "p=2", "held-out");
  ASSERT_FALSE(Good.empty());
  EXPECT_EQ(Good[0]->Form, "HrHwM-c");
  EXPECT_NEAR(Good[0]->M.coefficients().at("ghrm"), 0.004, 1e-4);
  auto Bad = fitsOf(A, "smp-bad", "p=2", "held-out");
  ASSERT_FALSE(Bad.empty());
  EXPECT_EQ(Bad[0]->Form, "HrHwM");
  EXPECT_NEAR(A.PacketA1, 0.5, 0.01);
  EXPECT_NEAR(A.PacketA2, 0.001, 1e-4);
  EXPECT_NEAR(A.PacketL0, std::sqrt(0.5 / 0.001 * 65536), 50);
  for (const Target &T : A.Targets) {
    if (T.What.rfind("SMP", 0) == 0 ||
        T.What.find("best average") != std::string::npos) {
      EXPECT_TRUE(T.Met) << T.What << " " << T.Value;
    }
  }
  EXPECT_EQ(A.SiteModels.at("copy"), Mar[0]->M.name());
  EXPECT_EQ(A.SiteModels.at("packet"), "Fischer");
}

TEST(Analysis, DetectsThePrefetchRampOfTheStreamForm) {
  // Transfers whose cost has a ramp of 16 lines per page and 64 per
  // transfer, with 1% noise: the stream form must pick those lengths out
  // of its candidates and recover the coefficients.
  Model Truth("truth",
              "a*n + b*m + c*L_mem + e*pages + f*runs + "
              "s*min(L_mem, 16*pages) + u*min(L_mem, 64*n)",
              {{"a", 0.2},
               {"b", 1e-4},
               {"c", 0.004},
               {"e", 0.05},
               {"f", 0.01},
               {"s", 0.02},
               {"u", 0.03}});
  Rng R(21);
  // Sizes log-uniform, so that small transfers (fewer lines than the
  // ramps) are as common as large ones.
  std::uniform_real_distribution<double> LogRows(0, std::log(3000.0)),
      LogWidth(0, std::log(200.0));
  std::uniform_int_distribution<int> Kind(0, 2);
  std::normal_distribution<double> E(0, 0.01);
  RawSet Raw;
  for (int I = 0; I < 600; ++I) {
    // A row slice is one run; a column slice has a run per row, on a page
    // of its own when the pitch is large (Kind 1) or sharing pages.
    int K = Kind(R);
    double Rr = std::round(std::exp(LogRows(R))),
           W = std::round(std::exp(LogWidth(R)));
    double M = Rr * W * 8;
    double Lines = K == 0 ? std::ceil(M / 64) : Rr * std::ceil(W * 8 / 64);
    double Pages = K == 0   ? std::ceil(M / 4096)
                   : K == 1 ? Rr
                            : std::ceil(Rr * 600 / 4096);
    FeatureVector F{{"n", 1},
                    {"m", M},
                    {"L_mem", Lines},
                    {"pages", Pages},
                    {"runs", K == 0 ? 1 : Rr}};
    double T = Truth.evaluate(F) * (1 + E(R));
    Raw["marshalling"].push_back({"marshalling",
                                  K == 0 ? "row" : "column",
                                  I < 100 ? "train" : "test",
                                  1,
                                  F,
                                  {T}});
  }
  Analysis A = analyse(Raw, MachineInfo{});
  const FittedForm *Stream = nullptr;
  for (const FittedForm &F : A.Fits)
    if (F.Form == "M1-stream" && F.ValidatedOn == "rows+columns")
      Stream = &F;
  ASSERT_NE(Stream, nullptr);
  EXPECT_NE(Stream->M.formText().find("16*pages"), std::string::npos)
      << Stream->M.formText();
  EXPECT_NE(Stream->M.formText().find("64*n"), std::string::npos)
      << Stream->M.formText();
  EXPECT_NEAR(Stream->M.coefficients().at("s"), 0.02, 0.002);
  EXPECT_NEAR(Stream->M.coefficients().at("c"), 0.004, 0.001);
  EXPECT_LT(Stream->Held.AvgRelErr, 0.015);
}

namespace {

/// Two threads' supersteps of all three suites, timed by Cost(S).
RawSet busiestThreadRaw(unsigned Seed,
                        const std::function<double(const Superstep &)> &Cost) {
  RawSet Raw;
  Rng R(Seed);
  for (uint64_t H : logSpaced(1000, 900000, 16))
    for (unsigned X = 1; X <= 2; ++X)
      for (SmpPattern Pat :
           {SmpPattern::LikeGather, SmpPattern::LikeScatter, SmpPattern::Vary})
        for (int K = 0; K < 5; ++K) {
          Superstep S = K == 0  ? suite1Superstep(Pat, X, H, 2)
                        : K % 2 ? suite2Superstep(Pat, X, H, 2, R)
                                : suite3Superstep(Pat, X, H, 2, 4 * H, R);
          std::string Set = K == 0 ? "suite1" : K % 2 ? "suite2" : "suite3";
          Raw["smp"].push_back(pointOf("smp", "like/good", Set, 2,
                                       superstepFeatures(S, 262144), Cost(S)));
        }
  return Raw;
}

const FittedForm *heldOutFit(const Analysis &A, const std::string &Form) {
  for (const FittedForm *F : fitsOf(A, "smp-good", "p=2", "held-out"))
    if (F->Form == Form)
      return F;
  return nullptr;
}

} // namespace

TEST(Analysis, ExplainsAMissByTheThreadsBehindTheMaxima) {
  // The cost is the busiest thread's, and its reads cost twice its
  // writes: max_i(1 + 0.002 r_i + 0.001 w_i). Maxima of different threads
  // make the forms on hr and hw over-predict; hrw weighs reads and writes
  // alike; the busiest thread's reads and writes apart (HrbHwbM) recover
  // the cost nearly.
  RawSet Raw = busiestThreadRaw(5, [](const Superstep &S) {
    double T = 0;
    for (unsigned I = 0; I < 2; ++I)
      T = std::max(T, 1 + 0.002 * S.Reads[I] + 0.001 * S.Writes[I]);
    return T;
  });
  Analysis A = analyse(Raw, MachineInfo{});
  auto Good = fitsOf(A, "smp-good", "p=2", "held-out");
  ASSERT_FALSE(Good.empty());
  EXPECT_EQ(Good[0]->Form, "HrbHwbM");
  EXPECT_LT(Good[0]->Held.AvgRelErr, 0.02);
  const FittedForm *HrHw = heldOutFit(A, "HrHw"), *Hrw = heldOutFit(A, "HrwM");
  ASSERT_NE(HrHw, nullptr);
  ASSERT_NE(Hrw, nullptr);
  EXPECT_GT(HrHw->Held.AvgRelErr, 0.07);

  // Had those forms been the best, the closing note would say why they
  // miss, with figures.
  std::vector<Observation> Train, Held;
  for (const Point &P : Raw["smp"])
    (P.Set == "suite1" ? Train : Held).push_back({P.Features, P.medianUs()});
  std::string Why = whySmpMisses(HrHw->M, Train, Held, 0.01, 0.01);
  EXPECT_NE(Why.find("belong to different threads"), std::string::npos) << Why;
  EXPECT_NE(Why.find("do not determine"), std::string::npos) << Why;
  Why = whySmpMisses(Hrw->M, Train, Held, 0.01, 0.01);
  EXPECT_NE(Why.find("weighs its reads and writes alike"), std::string::npos)
      << Why;
}

TEST(Analysis, ExplainsAMissOfTheBusiestThreadsReadsAndWrites) {
  // A form on hrb, hwb that is exact where one thread holds both maxima
  // and 50% off where different threads do: the note says that the
  // thread with the most accesses need not be the costliest.
  Model M("m", builtinModelForm("HrbHwbM").Form,
          {{"L", 1}, {"ghr", 0.002}, {"ghw", 0.001}, {"gM", 0}});
  std::vector<Observation> Train, Held;
  for (uint64_t H = 1000; H < 100000; H *= 2) {
    FeatureVector One = commcost::superstepFeatures({H, 0}, {H / 2, 0}, 262144);
    FeatureVector Two = commcost::superstepFeatures({H, H / 2}, {0, H}, 262144);
    Train.push_back({One, M.evaluate(One)});
    Held.push_back({One, M.evaluate(One)});
    Held.push_back({Two, 1.5 * M.evaluate(Two)});
  }
  std::string Why = whySmpMisses(M, Train, Held, 0.01, 0.01);
  EXPECT_NE(Why.find("need not be the costliest"), std::string::npos) << Why;
}

TEST(Analysis, BusiestThreadFormRecoversACostOfTheBusiestThread) {
  // Every access costs the same, and a superstep costs its busiest
  // thread's accesses: max_i(r_i + w_i). Suite 1 (training) puts both
  // maxima on thread 0, Suites 2 and 3 often on different threads, where
  // only hrw (and hrb + hwb) know the busiest thread's load.
  RawSet Raw = busiestThreadRaw(9, [](const Superstep &S) {
    double Busiest = 0;
    for (unsigned I = 0; I < 2; ++I)
      Busiest = std::max(Busiest, double(S.Reads[I] + S.Writes[I]));
    return 3 + 0.002 * Busiest;
  });
  Analysis A = analyse(Raw, MachineInfo{});
  auto Good = fitsOf(A, "smp-good", "p=2", "held-out");
  ASSERT_FALSE(Good.empty());
  EXPECT_TRUE(Good[0]->Added) << Good[0]->Form;
  EXPECT_LT(Good[0]->Held.AvgRelErr, 1e-6);
  const FittedForm *HrHw = heldOutFit(A, "HrHw"), *Hrw = heldOutFit(A, "HrwM");
  ASSERT_NE(Hrw, nullptr);
  ASSERT_NE(HrHw, nullptr);
  EXPECT_LT(Hrw->Held.AvgRelErr, 1e-6);
  EXPECT_NEAR(Hrw->M.coefficients().at("g"), 0.002, 1e-6);
  EXPECT_NEAR(Hrw->M.coefficients().at("L"), 3, 1e-3);
  // HrHw fits Suite 1 exactly (there hrw = hr + hw) but over-predicts
  // wherever the maxima belong to different threads.
  EXPECT_GT(HrHw->Held.AvgRelErr, 0.05);
  const Target *T = nullptr;
  for (const Target &Tg : A.Targets)
    if (Tg.What.find("good family, p=2") != std::string::npos)
      T = &Tg;
  ASSERT_NE(T, nullptr);
  EXPECT_TRUE(T->Met) << T->Value;
}

TEST(Analysis, PacketsWithoutAFillCostChooseOnePacket) {
  // T grows with k but not with l: no interior optimum; the chosen split
  // is one packet of D.
  RawSet Raw;
  addSyntheticPackets(Raw, "threads", 0);
  Analysis A = analyse(Raw, MachineInfo{});
  EXPECT_NEAR(A.PacketA2, 0, 1e-9);
  EXPECT_EQ(A.PacketL0, 65536);
  EXPECT_EQ(A.PacketMeasuredL, 65536);
  EXPECT_NE(A.PacketRule.find("one packet"), std::string::npos);
}

TEST(Analysis, ProfileRoundTrip) {
  RawSet Raw = syntheticRaw();
  Analysis A = analyse(Raw, MachineInfo{});
  MachineInfo M;
  M.Description = "test machine";
  M.Caches = {{1, 48 << 10, false}, {2, 1 << 20, false}};
  Profile P = buildProfile(A, M, {{"quick", true}});
  auto Path = std::filesystem::temp_directory_path() / "commcost-cal-test.json";
  saveProfile(P, Path.string());
  Profile Q = loadProfile(Path.string());
  std::filesystem::remove(Path);
  EXPECT_EQ(Q.Machine.Description, "test machine");
  EXPECT_EQ(Q.Models.size(), P.Models.size());
  EXPECT_EQ(Q.SiteModels, P.SiteModels);
  const Model &Copy = Q.modelForSite("copy");
  FeatureVector F = Raw["marshalling"][150].Features;
  EXPECT_NEAR(Copy.evaluate(F), P.modelForSite("copy").evaluate(F), 1e-9);
  EXPECT_GT(Copy.Fit.TestPoints, 0u);
  EXPECT_EQ(Q.Extra["calibration"]["quick"], true);
  EXPECT_NEAR(
      Q.Extra["calibration"]["packets"]["a1_us_per_packet"].get<double>(), 0.5,
      0.01);
}

TEST(Analysis, StreamFormsTellTheTransferFromItsMessagesAndReuse) {
  // Marshalling points with a fixed cost per transfer (z), per message (a:
  // one memcpy per row), per line (c) and per line brought in again (r1):
  // the stream forms with reuse recover each, as one message per point
  // could not (z + a would be one number).
  Model Truth("truth", "z + a*n + b*m + c*L_mem + r1*L_re1",
              {{"z", 0.15}, {"a", 0.01}, {"b", 1e-4}, {"c", 0.004},
               {"r1", 0.003}});
  Rng R(5);
  std::uniform_int_distribution<int> Dim(2, 3000), Cnt(1, 200), Mode(0, 2);
  RawSet Raw;
  for (int I = 0; I < 300; ++I) {
    double Rows = Dim(R), C = Cnt(R);
    int M = Mode(R); // row loop, columns outer, one memcpy per row
    double Lines = Rows * std::ceil(C * 8 / 64.0);
    FeatureVector F{{"n", M == 2 ? Rows : 1},
                    {"m", Rows * C * 8},
                    {"L_mem", Lines},
                    {"pages", Rows},
                    {"runs", Rows},
                    {"L_re1", M == 1 ? Rows * C - Lines : 0}};
    Raw["marshalling"].push_back(pointOf("marshalling", "column",
                                         I < 100 ? "train" : "test", 1, F,
                                         Truth.evaluate(F)));
  }
  MachineInfo M;
  M.Caches = {{1, 32768, false, 8}};
  Analysis A = analyse(Raw, M);
  const FittedForm *Reuse = nullptr;
  for (const FittedForm *F : fitsOf(A, "marshalling", "p=1", "rows+columns"))
    if (F->Form == "M1-stream-reuse")
      Reuse = F;
  ASSERT_NE(Reuse, nullptr);
  EXPECT_LT(Reuse->Held.AvgRelErr, 0.01);
  const auto &K = Reuse->M.coefficients();
  EXPECT_NEAR(K.at("z"), 0.15, 0.02);
  EXPECT_NEAR(K.at("a"), 0.01, 0.002);
  EXPECT_NEAR(K.at("r1"), 0.003, 3e-4);
}

/// The fitted model named Name, or null.
const Model *fitNamed(const Analysis &A, const std::string &Name) {
  for (const FittedForm &F : A.Fits)
    if (F.M.name() == Name)
      return &F.M;
  return nullptr;
}

/// A latency once, a gap per message and a cost per byte: 0.4 us, 0.2 us
/// and 0.1 ns up to 8 KiB (eager), 3 us, 2 us and 0.05 ns above
/// (rendezvous).
double sendTruth(double N, double Bpm) {
  return Bpm <= 8192 ? 0.4 + 0.2 * N + 1e-4 * N * Bpm
                     : 3 + 2 * N + 5e-5 * N * Bpm;
}

/// Warm block permutations and single sends at a third of sendTruth, and
/// streams of 1, 8 and 64 messages in each given set at sendTruth times
/// its scale.
void addSyntheticSends(RawSet &Raw,
                       const std::map<std::string, double> &Streams) {
  for (uint64_t M : messageSizes(8, 4u << 20, 32, {8192})) {
    FeatureVector Perm = commFeatures(blockPermutation(M, 2));
    FeatureVector Single = commFeatures(singleSend(M, 2));
    Raw["mpi"].push_back(pointOf("mpi", "block-permutation", "bpram", 2, Perm,
                                 sendTruth(1, double(M)) / 3));
    Raw["mpi"].push_back(pointOf("mpi", "single-send", "bpram", 2, Single,
                                 sendTruth(1, double(M)) / 3));
    for (const auto &[Set, Scale] : Streams)
      for (double N : {1.0, 8.0, 64.0}) {
        FeatureVector F{{"n", N}, {"bpm", double(M)}, {"m", N * double(M)}};
        Raw["mpi"].push_back(pointOf("mpi", "stream", Set, 2, F,
                                     Scale * sendTruth(N, double(M))));
      }
  }
}

TEST(Analysis, SendsArePricedPerMessageInEachProtocolRegime) {
  // A latency once, a gap per message and a cost per byte: 0.4 us, 0.2 us
  // and 0.1 ns up to 8 KiB (eager), 3 us, 2 us and 0.05 ns above
  // (rendezvous), in the cold state. The warm block permutations show the
  // same switch at a third of the cost: the send model must recover both
  // cold lines from the cold streams (n messages of bpm bytes), price a
  // contiguous site of n messages by them, and a strided one by the
  // message plus the marshalling model.
  RawSet Raw = syntheticRaw();
  auto Truth = sendTruth;
  addSyntheticSends(Raw, {{"cold", 1.0}});
  Analysis A = analyse(Raw, MachineInfo{});
  // No warm streams, no warm copies: nothing is priced warm.
  EXPECT_TRUE(A.WarmSiteModels.empty());
  ASSERT_FALSE(A.Breakpoints.empty());
  const std::string &Name = A.SiteModels.at("send");
  EXPECT_EQ(A.SiteModels.at("recv"), Name);
  const Model *Send = fitNamed(A, Name);
  const Model *Copy = fitNamed(A, A.SiteModels.at("copy"));
  ASSERT_TRUE(Send && Copy);
  // Contiguous: 4096 messages of 256 bytes, 4 of 1 KiB, one of 1 MiB.
  for (auto [N, Bpm] : {std::pair(4096.0, 256.0), std::pair(4.0, 1024.0),
                        std::pair(1.0, 1048576.0)}) {
    FeatureVector F{{"n", N},    {"m", N * Bpm}, {"bpm", Bpm},
                    {"runs", 1}, {"L_mem", N * Bpm / 64},
                    {"pages", N * Bpm / 4096}};
    EXPECT_NEAR(Send->evaluate(F), Truth(N, Bpm), 0.05 * Truth(N, Bpm))
        << N << " x " << Bpm;
  }
  // Strided (a column: 100 runs): the message and the pack MPI does.
  FeatureVector Column{{"n", 1},      {"m", 800},     {"bpm", 800},
                       {"runs", 100}, {"L_mem", 100}, {"pages", 100}};
  const Model *Message = nullptr;
  for (const FittedForm &F : A.Fits)
    if (Name.starts_with(F.M.name() + "+"))
      Message = &F.M;
  ASSERT_NE(Message, nullptr) << Name;
  // Atomics: the message model alone (their operands are by value).
  EXPECT_EQ(A.SiteModels.at("atomic"), Message->name());
  EXPECT_NEAR(Send->evaluate(Column),
              Message->evaluate(Column) + Copy->evaluate(Column),
              1e-9 * Send->evaluate(Column));
  // An empty buffer (no run) costs the message alone: no negative pack.
  FeatureVector Empty{{"n", 1},    {"m", 0},     {"bpm", 0},
                      {"runs", 0}, {"L_mem", 0}, {"pages", 0}};
  EXPECT_DOUBLE_EQ(Send->evaluate(Empty), Message->evaluate(Empty));
  // A contiguous buffer whose runs the analysis gives as min(1, x) (one
  // run unless empty) has no pack term left in its symbolic cost: its
  // cost is the message model's, term for term.
  std::map<std::string, Expr> Symbolic;
  for (const std::string &Feature : Send->features())
    Symbolic.emplace(Feature, Feature == "runs"
                                  ? Expr::min(Expr::constant(1), Expr::var("x"))
                                  : Expr::var("x_" + Feature));
  std::map<std::string, Expr> MessageOnly;
  for (const std::string &Feature : Message->features())
    MessageOnly.emplace(Feature, Symbolic.at(Feature));
  EXPECT_EQ(Send->costExprPs(Symbolic).str(),
            Message->costExprPs(MessageOnly).str());
}

/// A receive's own time once its message is there: below the switch the
/// copy out of the library's buffer (0.05 us a message, 0.02 ns a byte),
/// above it the transfer the receiver makes (0.9 of the send's).
double receiveTruth(double N, double Bpm) {
  return Bpm <= 8192 ? 0.05 * N + 2e-5 * N * Bpm : 0.9 * sendTruth(N, Bpm);
}

TEST(Analysis, ReceivesArePricedByTheirOwnStreams) {
  // Cold streams timed both ways: the receive's site model must come from
  // the receive streams (at the send streams' protocol switch), the
  // send's from the send streams, each with the pack term of a strided
  // buffer.
  RawSet Raw = syntheticRaw();
  addSyntheticSends(Raw, {{"cold", 1.0}});
  for (uint64_t M : messageSizes(8, 4u << 20, 32, {8192}))
    for (double N : {1.0, 8.0, 64.0}) {
      FeatureVector F{{"n", N}, {"bpm", double(M)}, {"m", N * double(M)}};
      Raw["mpi"].push_back(pointOf("mpi", "stream-recv", "cold", 2, F,
                                   receiveTruth(N, double(M))));
    }
  Analysis A = analyse(Raw, MachineInfo{});
  const std::string &Recv = A.SiteModels.at("recv");
  const std::string &Send = A.SiteModels.at("send");
  EXPECT_TRUE(Recv.starts_with("Recv-pw+")) << Recv;
  EXPECT_TRUE(Send.starts_with("Msg-pw+")) << Send;
  const Model *R = fitNamed(A, Recv), *S = fitNamed(A, Send);
  ASSERT_TRUE(R && S);
  for (auto [N, Bpm] : {std::pair(4096.0, 256.0), std::pair(16.0, 65536.0),
                        std::pair(1.0, 1048576.0)}) {
    FeatureVector F{{"n", N},    {"m", N * Bpm}, {"bpm", Bpm},
                    {"runs", 1}, {"L_mem", N * Bpm / 64},
                    {"pages", N * Bpm / 4096}};
    EXPECT_NEAR(R->evaluate(F), receiveTruth(N, Bpm),
                0.05 * receiveTruth(N, Bpm))
        << N << " x " << Bpm;
    EXPECT_NEAR(S->evaluate(F), sendTruth(N, Bpm), 0.05 * sendTruth(N, Bpm))
        << N << " x " << Bpm;
  }
  // The held-out receive streams are in the report's fits.
  EXPECT_FALSE(fitsOf(A, "mpi-recv", "p=2", "cold receives (odd sizes)")
                   .empty());
}

TEST(Analysis, DatatypeMessagesPriceStridedSendsByTheirOwnFit) {
  // Columns sent as a derived datatype, measured at 2 us + half the
  // message's price + 1.2 times the pack's: the send site model must price
  // them so where the buffer is in several runs, a contiguous message as the
  // streams priced it, and a strided put (not measured) as the sum.
  RawSet Raw = syntheticRaw();
  addSyntheticSends(Raw, {{"cold", 1.0}});
  Analysis Before = analyse(Raw, MachineInfo{});
  const Model *Sum = fitNamed(Before, Before.SiteModels.at("send"));
  ASSERT_TRUE(Sum);
  EXPECT_TRUE(Before.DatatypeChecks.empty());
  std::vector<std::pair<FeatureVector, double>> Columns;
  for (double Rows : {16.0, 128.0, 512.0, 2048.0})
    for (double Width : {1.0, 8.0}) {
      FeatureVector F{
          {"n", 1},       {"m", Rows * Width * 8}, {"bpm", Rows * Width * 8},
          {"runs", Rows}, {"L_mem", Rows},         {"pages", Rows},
          {"rows", Rows}};
      FeatureVector Contiguous = F;
      Contiguous["runs"] = 1;
      double S = Sum->evaluate(Contiguous), K = Sum->evaluate(F) - S;
      ASSERT_GT(K, 0);
      double T = 2 + 0.5 * S + 1.2 * K;
      Columns.emplace_back(F, T);
      Raw["mpi"].push_back(pointOf("mpi", "datatype-send", "cold", 2, F, T));
    }
  Analysis A = analyse(Raw, MachineInfo{});
  const Model *Site = fitNamed(A, A.SiteModels.at("send"));
  const Model *Put = fitNamed(A, A.SiteModels.at("put"));
  ASSERT_TRUE(Site && Put);
  EXPECT_NE(Site->name(), Sum->name());
  EXPECT_EQ(Put->name(), Sum->name());
  for (const auto &[F, T] : Columns) {
    EXPECT_NEAR(Site->evaluate(F), T, 1e-6 * T);
    // As the plugin prices it: in integer picoseconds, the features given.
    std::map<std::string, Expr> Given;
    for (const auto &[Name, V] : F)
      Given.emplace(Name, Expr::constant(int64_t(V)));
    EXPECT_NEAR(double(Site->costExprPs(Given).evaluate({})) / 1e6, T,
                1e-4 * T);
    EXPECT_DOUBLE_EQ(Put->evaluate(F), Sum->evaluate(F));
    FeatureVector Contiguous = F;
    Contiguous["runs"] = 1;
    EXPECT_NEAR(Site->evaluate(Contiguous), Sum->evaluate(Contiguous),
                1e-9 * Sum->evaluate(Contiguous));
  }
  ASSERT_EQ(A.DatatypeChecks.size(), 1u);
  const DatatypeCheck &C = A.DatatypeChecks[0];
  EXPECT_EQ(C.State, "cold");
  EXPECT_FALSE(C.Receive);
  EXPECT_NEAR(C.Fit.Z, 2, 1e-6);
  EXPECT_NEAR(C.Fit.A, 0.5, 1e-6);
  EXPECT_NEAR(C.Fit.P, 1.2, 1e-6);
  EXPECT_EQ(C.Sum.TestPoints, Columns.size());
  EXPECT_GT(C.Sum.AvgRelErr, 0.05);
  EXPECT_LT(C.Fitted.AvgRelErr, 1e-6);
  // The truth is linear in the parts: each row count is predicted exactly
  // from the others.
  EXPECT_EQ(C.HeldOut.TestPoints, Columns.size());
  EXPECT_LT(C.HeldOut.MaxRelErr, 1e-6);
}

TEST(Analysis, WarmSitesArePricedByModelsFittedOnWarmPoints) {
  // Copies measured warm cost a fraction of the cold ones, with other
  // proportions per term (lines cost least of all once in cache) and a
  // cost for each page beyond a TLB of 1024 entries (walked on every run);
  // warm streams a quarter of the cold ones. Each end of a site's interval
  // must come from its own points, and both reach the profile.
  RawSet Raw = syntheticRaw();
  Model WarmCopy("truth",
                 "a*n + b*m + c*L_mem + e*pages + g*max(0, pages - 1024)",
                 {{"a", 0.1}, {"b", 5e-5}, {"c", 0.001}, {"e", 0.05},
                  {"g", 0.02}});
  addSyntheticMarshalling(Raw, WarmCopy, "warm-", 12);
  addSyntheticSends(Raw, {{"cold", 1.0}, {"warm", 0.25}});
  Analysis A = analyse(Raw, MachineInfo{});
  auto ModelOf = [&](const std::string &Name) -> const Model & {
    if (const Model *M = fitNamed(A, Name))
      return *M;
    ADD_FAILURE() << "no fit named " << Name;
    return A.Fits.front().M;
  };
  for (const char *Kind :
       {"copy", "copy-loop", "send", "recv", "put", "get", "atomic"}) {
    ASSERT_TRUE(A.WarmSiteModels.count(Kind)) << Kind;
    EXPECT_NE(A.WarmSiteModels.at(Kind), A.SiteModels.at(Kind)) << Kind;
  }
  // The warm copy model has the cold one's form, refitted, and a term for
  // the pages beyond the TLB's reach (no cache is known here).
  const Model &Cold = ModelOf(A.SiteModels.at("copy"));
  const Model &Warm = ModelOf(A.WarmSiteModels.at("copy"));
  EXPECT_TRUE(Warm.formText().starts_with(Cold.formText() +
                                          " + wtlb*max(0, pages - "))
      << Warm.formText();
  EXPECT_EQ(Warm.name(), Cold.name() + "-warm");
  Model ColdCopy("truth", "a*n + b*m + c*L_mem + e*pages",
                 {{"a", 0.2}, {"b", 1e-4}, {"c", 0.01}, {"e", 0.5}});
  // A column of 1000 doubles at a pitch of 2000, one of 3000 (beyond the
  // TLB), and 16 rows of 2000.
  for (FeatureVector F :
       {FeatureVector{{"n", 1}, {"m", 8000}, {"L_mem", 1000}, {"pages", 1000},
                      {"runs", 1000}},
        FeatureVector{{"n", 1}, {"m", 24000}, {"L_mem", 3000}, {"pages", 3000},
                      {"runs", 3000}},
        FeatureVector{{"n", 1}, {"m", 256000}, {"L_mem", 4000},
                      {"pages", 63}, {"runs", 1}}}) {
    for (const std::string &Name : Cold.features())
      F.emplace(Name, 0.0);
    EXPECT_NEAR(Cold.evaluate(F), ColdCopy.evaluate(F),
                0.05 * ColdCopy.evaluate(F));
    EXPECT_NEAR(Warm.evaluate(F), WarmCopy.evaluate(F),
                0.05 * WarmCopy.evaluate(F));
  }
  // A contiguous send of 4 x 1 KiB and one of 1 MiB, cold and warm.
  const Model &ColdSend = ModelOf(A.SiteModels.at("send"));
  const Model &WarmSend = ModelOf(A.WarmSiteModels.at("send"));
  for (auto [N, Bpm] : {std::pair(4.0, 1024.0), std::pair(1.0, 1048576.0)}) {
    FeatureVector F{{"n", N},    {"m", N * Bpm}, {"bpm", Bpm},
                    {"runs", 1}, {"L_mem", N * Bpm / 64},
                    {"pages", N * Bpm / 4096}};
    for (const std::string &Name : ColdSend.features())
      F.emplace(Name, 0.0);
    EXPECT_NEAR(ColdSend.evaluate(F), sendTruth(N, Bpm),
                0.05 * sendTruth(N, Bpm));
    EXPECT_NEAR(WarmSend.evaluate(F), sendTruth(N, Bpm) / 4,
                0.05 * sendTruth(N, Bpm) / 4);
  }
  // The profile carries both maps, and loading it back keeps them.
  Profile P = buildProfile(A, MachineInfo{}, nlohmann::json::object());
  EXPECT_EQ(P.WarmSiteModels, A.WarmSiteModels);
  Profile Back = Profile::fromJson(P.toJson(), "synthetic");
  ASSERT_NE(Back.warmModelForSite("send"), nullptr);
  EXPECT_EQ(Back.warmModelForSite("send")->name(), A.WarmSiteModels.at("send"));
}

/// The tlb suite's chases on a machine whose TLB holds Reach pages: an
/// access costs 5 ns dense, and sparse 2 ns more to Climb pages (Reach
/// unless given), 5 ns more to Reach and 15 ns more beyond it.
void addSyntheticTlb(RawSet &Raw, uint64_t Reach, uint64_t Climb = 0) {
  Climb = Climb ? Climb : Reach;
  for (uint64_t Pages : tlbPagesChased())
    for (bool Sparse : {true, false}) {
      double Translation = Pages <= Climb ? 2 : Pages <= Reach ? 5 : 15;
      double Ns = 5 + (Sparse ? Translation : 0);
      Raw["tlb"].push_back(
          pointOf("tlb", Sparse ? "sparse" : "dense", "chase", 1,
                  {{"pages", double(Pages)}, {"steps", 1e5}}, Ns * 100));
    }
}

/// Raw's marshalling points replaced by 300 blocks of columns (100
/// training), walked rows or columns outer, cold ones timed by Cold and
/// warm ones by a warm copy whose pages beyond 1024 cost.
void addColumnsWalkedAgain(RawSet &Raw, const Model &Cold) {
  Raw.erase("marshalling");
  Model WarmCopy(
      "truth", "a*n + b*m + c*L_mem + e*pages + g*max(0, pages - 1024)",
      {{"a", 0.1}, {"b", 5e-5}, {"c", 0.001}, {"e", 0.05}, {"g", 0.02}});
  Rng R(5);
  std::uniform_int_distribution<int> Dim(2, 6000), Cnt(1, 200), Outer(0, 1);
  for (int I = 0; I < 300; ++I) {
    double Rows = Dim(R), C = Cnt(R);
    bool ColumnsOuter = Outer(R);
    double Lines = Rows * std::ceil(C * 8 / 64.0);
    FeatureVector F{
        {"n", 1},         {"m", Rows * C * 8},
        {"L_mem", Lines}, {"pages", Rows},
        {"runs", Rows},   {"L_re1", ColumnsOuter ? Rows * C - Lines : 0}};
    for (double N : {1024.0, 4096.0})
      F["P_re_" + std::to_string(int(N))] =
          ColumnsOuter && Rows > N ? Rows * (C - 1) : 0;
    std::string Set = I < 100 ? "train" : "test";
    Raw["marshalling"].push_back(
        pointOf("marshalling", "column", Set, 1, F, Cold.evaluate(F)));
    Raw["marshalling"].push_back(pointOf(
        "marshalling", "column", "warm-" + Set, 1, F, WarmCopy.evaluate(F)));
  }
}

TEST(Analysis, TheMeasuredTlbReachChoosesThePagesWalkedAgain) {
  // Warm copies whose pages beyond 1024 cost (the fit alone picks 1024),
  // and cold columns whose pages walked again beyond a TLB of 1024 cost:
  // a measured reach of 4096 pages puts 4096 in both models, as the
  // machine says, whatever size fits these points best.
  auto Build = [](bool Measured) {
    RawSet Raw = syntheticRaw();
    addColumnsWalkedAgain(
        Raw,
        Model("truth", "a*n + b*m + c*L_mem + r1*L_re1 + t*P_re_1024",
              {{"a", 0.2},
               {"b", 1e-4},
               {"c", 0.004},
               {"r1", 0.003},
               {"t", 0.02}}));
    if (Measured)
      addSyntheticTlb(Raw, 4096);
    return analyse(Raw, MachineInfo{});
  };
  auto Forms = [](const Analysis &A) {
    std::string Cold, Warm;
    for (const FittedForm &F : A.Fits) {
      if (F.Form == "M1-stream-reuse")
        Cold = F.M.formText();
      if (F.Form.ends_with("-warm"))
        Warm = F.M.formText();
    }
    return std::pair(Cold, Warm);
  };
  Analysis Fitted = Build(false);
  EXPECT_EQ(Fitted.TlbReach, std::nullopt);
  auto [ColdFitted, WarmFitted] = Forms(Fitted);
  EXPECT_NE(ColdFitted.find("t*P_re_1024"), std::string::npos) << ColdFitted;
  EXPECT_TRUE(WarmFitted.ends_with("max(0, pages - 1024)")) << WarmFitted;

  Analysis Measured = Build(true);
  EXPECT_EQ(Measured.TlbReach, std::optional<uint64_t>(4096));
  auto [ColdMeasured, WarmMeasured] = Forms(Measured);
  EXPECT_NE(ColdMeasured.find("t*P_re_4096"), std::string::npos)
      << ColdMeasured;
  EXPECT_TRUE(WarmMeasured.ends_with("max(0, pages - 4096)")) << WarmMeasured;
}

TEST(Analysis, ATlbThatThinsOutGraduallyPricesPagesWalkedAgainTwice) {
  // Translations that start to cost more past 1024 pages and reach a full
  // walk past 4096 (the chase of a Xeon guest on a Granite Rapids host
  // climbs so): pages walked again beyond each are priced, and the fit
  // finds what each costs.
  RawSet Raw = syntheticRaw();
  addColumnsWalkedAgain(
      Raw, Model("truth",
                 "a*n + b*m + c*L_mem + r1*L_re1 + t0*P_re_1024 + "
                 "t*P_re_4096",
                 {{"a", 0.2},
                  {"b", 1e-4},
                  {"c", 0.004},
                  {"r1", 0.003},
                  {"t0", 0.01},
                  {"t", 0.02}}));
  addSyntheticTlb(Raw, 4096, 1024);
  Analysis A = analyse(Raw, MachineInfo{});
  EXPECT_EQ(A.TlbReach, std::optional<uint64_t>(4096));
  EXPECT_EQ(A.TlbClimb, std::optional<uint64_t>(1024));
  const FittedForm *Cold = nullptr;
  for (const FittedForm &F : A.Fits)
    if (F.Form == "M1-stream-reuse")
      Cold = &F;
  ASSERT_NE(Cold, nullptr);
  std::string Text = Cold->M.formText();
  EXPECT_NE(Text.find("t0*P_re_1024 + t*P_re_4096"), std::string::npos)
      << Text;
  EXPECT_NEAR(Cold->M.coefficients().at("t0"), 0.01, 0.002);
  EXPECT_NEAR(Cold->M.coefficients().at("t"), 0.02, 0.004);
}

TEST(Analysis, CollectivesArePricedPerCallByTheBestSuperstepForm) {
  // Bianco and Pucci's suites timed by F_io (1 us, 2 ns a byte in, 1 ns a
  // byte out): a collective site of n calls costs n h-relations.
  auto Truth = [](const FeatureVector &F) {
    return 1 + 0.002 * F.at("hi") + 0.001 * F.at("ho");
  };
  RawSet Raw;
  Rng R(3);
  for (uint64_t H : logSpaced(1024, 1u << 20, 12, 8))
    for (HxPattern Pat :
         {HxPattern::Scatter, HxPattern::Gather, HxPattern::Square})
      for (unsigned X = 1; X <= 2; ++X) {
        CommMatrix C = hxPattern(Pat, H, X, 2);
        for (const auto &[Set, M] :
             {std::pair("suite1", C), std::pair("suite2", randomCounterpart(C, R))}) {
          FeatureVector F = commFeatures(M);
          Raw["mpi"].push_back(pointOf("mpi", hxPatternName(Pat), Set, 2, F,
                                       Truth(F)));
        }
      }
  Analysis A = analyse(Raw, MachineInfo{});
  ASSERT_TRUE(A.SiteModels.count("collective"));
  const Model *Calls = fitNamed(A, A.SiteModels.at("collective"));
  ASSERT_NE(Calls, nullptr);
  EXPECT_TRUE(Calls->name().starts_with("F_") &&
              Calls->name().ends_with("-calls"))
      << Calls->name();
  // On two ranks every pattern sends what it receives (hi = ho): a call
  // that does too.
  FeatureVector Site{{"n", 3},     {"hi", 40000}, {"ho", 40000},
                     {"h", 40000}, {"M", 80000},  {"V", 80000},
                     {"p", 2}};
  for (const std::string &F : Calls->features())
    ASSERT_TRUE(Site.count(F)) << "a collective has no feature " << F;
  EXPECT_NEAR(Calls->evaluate(Site), 3 * Truth(Site), 0.05 * 3 * Truth(Site));
}
