; A footprint whose planes overlap (rows 64 bytes apart, planes 96): no
; line count is known for it, and the reason says why.
; Generated with clang -O1 -g -fno-unroll-loops from:
;
; void interleave(double *restrict dst, const double *restrict src, int k) {
;   for (int p = 0; p < k; p++)
;     for (int r = 0; r < 4; r++)
;       dst[p * 4 + r] = src[p * 12 + r * 8];
; }
;
; RUN: %print %s | FileCheck %s
;
; CHECK-LABEL: commcost: function 'interleave'
; CHECK-NEXT:   missed 2:3 copy loop: LinesNotCounted: the slice is not valid: plane pitch 96 is smaller than the plane extent 200 ((rows - 1) * row pitch + bytes per row; planes would overlap)
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: LinesNotCounted: the slice is not valid

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @interleave(ptr noalias nocapture noundef writeonly %0, ptr noalias nocapture noundef readonly %1, i32 noundef %2) local_unnamed_addr #0 !dbg !10 {
    #dbg_value(ptr %0, !21, !DIExpression(), !29)
    #dbg_value(ptr %1, !22, !DIExpression(), !29)
    #dbg_value(i32 %2, !23, !DIExpression(), !29)
    #dbg_value(i32 0, !24, !DIExpression(), !30)
  %4 = icmp sgt i32 %2, 0, !dbg !31
  br i1 %4, label %5, label %13, !dbg !32

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64, !dbg !31
  br label %7, !dbg !32

7:                                                ; preds = %5, %14
  %8 = phi i64 [ 0, %5 ], [ %15, %14 ]
    #dbg_value(i64 %8, !24, !DIExpression(), !30)
    #dbg_value(i32 0, !26, !DIExpression(), !33)
  %9 = mul i64 %8, 96
  %10 = getelementptr i8, ptr %1, i64 %9, !dbg !34
  %11 = shl nsw i64 %8, 5
  %12 = getelementptr inbounds i8, ptr %0, i64 %11, !dbg !34
  br label %17, !dbg !34

13:                                               ; preds = %14, %3
  ret void, !dbg !35

14:                                               ; preds = %17
  %15 = add nuw nsw i64 %8, 1, !dbg !36
    #dbg_value(i64 %15, !24, !DIExpression(), !30)
  %16 = icmp eq i64 %15, %6, !dbg !31
  br i1 %16, label %13, label %7, !dbg !32, !llvm.loop !37

17:                                               ; preds = %7, %17
  %18 = phi i64 [ 0, %7 ], [ %23, %17 ]
    #dbg_value(i64 %18, !26, !DIExpression(), !33)
  %19 = shl nsw i64 %18, 6, !dbg !41
  %20 = getelementptr i8, ptr %10, i64 %19, !dbg !41
  %21 = load double, ptr %20, align 8, !dbg !41, !tbaa !43
  %22 = getelementptr inbounds double, ptr %12, i64 %18, !dbg !47
  store double %21, ptr %22, align 8, !dbg !48, !tbaa !43
  %23 = add nuw nsw i64 %18, 1, !dbg !49
    #dbg_value(i64 %23, !26, !DIExpression(), !33)
  %24 = icmp eq i64 %23, 4, !dbg !50
  br i1 %24, label %14, label %17, !dbg !34, !llvm.loop !51
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "interleave.c", directory: ".", checksumkind: CSK_MD5, checksum: "c3ac37d09b7e73c5b015d4aa3f008bda")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "interleave", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !20)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13, !16, !19}
!13 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !14)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!16 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !17)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!19 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!20 = !{!21, !22, !23, !24, !26}
!21 = !DILocalVariable(name: "dst", arg: 1, scope: !10, file: !1, line: 1, type: !13)
!22 = !DILocalVariable(name: "src", arg: 2, scope: !10, file: !1, line: 1, type: !16)
!23 = !DILocalVariable(name: "k", arg: 3, scope: !10, file: !1, line: 1, type: !19)
!24 = !DILocalVariable(name: "p", scope: !25, file: !1, line: 2, type: !19)
!25 = distinct !DILexicalBlock(scope: !10, file: !1, line: 2, column: 3)
!26 = !DILocalVariable(name: "r", scope: !27, file: !1, line: 3, type: !19)
!27 = distinct !DILexicalBlock(scope: !28, file: !1, line: 3, column: 5)
!28 = distinct !DILexicalBlock(scope: !25, file: !1, line: 2, column: 3)
!29 = !DILocation(line: 0, scope: !10)
!30 = !DILocation(line: 0, scope: !25)
!31 = !DILocation(line: 2, column: 21, scope: !28)
!32 = !DILocation(line: 2, column: 3, scope: !25)
!33 = !DILocation(line: 0, scope: !27)
!34 = !DILocation(line: 3, column: 5, scope: !27)
!35 = !DILocation(line: 5, column: 1, scope: !10)
!36 = !DILocation(line: 2, column: 27, scope: !28)
!37 = distinct !{!37, !32, !38, !39, !40}
!38 = !DILocation(line: 4, column: 42, scope: !25)
!39 = !{!"llvm.loop.mustprogress"}
!40 = !{!"llvm.loop.unroll.disable"}
!41 = !DILocation(line: 4, column: 24, scope: !42)
!42 = distinct !DILexicalBlock(scope: !27, file: !1, line: 3, column: 5)
!43 = !{!44, !44, i64 0}
!44 = !{!"double", !45, i64 0}
!45 = !{!"omnipotent char", !46, i64 0}
!46 = !{!"Simple C/C++ TBAA"}
!47 = !DILocation(line: 4, column: 7, scope: !42)
!48 = !DILocation(line: 4, column: 22, scope: !42)
!49 = !DILocation(line: 3, column: 29, scope: !42)
!50 = !DILocation(line: 3, column: 23, scope: !42)
!51 = distinct !{!51, !34, !52, !39, !40}
!52 = !DILocation(line: 4, column: 42, scope: !27)
