package diff

// cases is the scenario table that the tests of this package share, after
// golang.org/x/tools/internal/diff/difftest. Edits are what Lines returns;
// unified is Format("a", "b", Unified(a, b, 3)), checked against GNU diff -u
// (and, where that places an insertion differently, against git diff).
var cases = []struct {
	name    string
	a, b    string
	edits   []Edit
	unified string
}{
	{
		name: "empty",
	},
	{
		name:  "insert into empty",
		b:     "one\ntwo\n",
		edits: []Edit{{0, 0, "one\ntwo\n"}},
		unified: `--- a
+++ b
@@ -0,0 +1,2 @@
+one
+two
`,
	},
	{
		name:  "delete everything",
		a:     "one\ntwo\n",
		edits: []Edit{{0, 2, ""}},
		unified: `--- a
+++ b
@@ -1,2 +0,0 @@
-one
-two
`,
	},
	{
		name: "identical",
		a:    "one\ntwo\n",
		b:    "one\ntwo\n",
	},
	{
		name:  "insert at start",
		a:     "b\nc\n",
		b:     "a\nb\nc\n",
		edits: []Edit{{0, 0, "a\n"}},
		unified: `--- a
+++ b
@@ -1,2 +1,3 @@
+a
 b
 c
`,
	},
	{
		name:  "insert in middle",
		a:     "a\nc\n",
		b:     "a\nb\nc\n",
		edits: []Edit{{1, 1, "b\n"}},
		unified: `--- a
+++ b
@@ -1,2 +1,3 @@
 a
+b
 c
`,
	},
	{
		name:  "insert at end",
		a:     "a\nb\n",
		b:     "a\nb\nc\n",
		edits: []Edit{{2, 2, "c\n"}},
		unified: `--- a
+++ b
@@ -1,2 +1,3 @@
 a
 b
+c
`,
	},
	{
		name:  "delete",
		a:     "a\nb\nc\n",
		b:     "a\nc\n",
		edits: []Edit{{1, 2, ""}},
		unified: `--- a
+++ b
@@ -1,3 +1,2 @@
 a
-b
 c
`,
	},
	{
		name:  "replace",
		a:     "a\nb\nc\n",
		b:     "a\nx\nc\n",
		edits: []Edit{{1, 2, "x\n"}},
		unified: `--- a
+++ b
@@ -1,3 +1,3 @@
 a
-b
+x
 c
`,
	},
	{
		name:  "two hunks",
		a:     "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
		b:     "1\n2x\n3\n4\n5\n6\n7\n8\n9\n10\n11x\n12\n",
		edits: []Edit{{1, 2, "2x\n"}, {10, 11, "11x\n"}},
		unified: `--- a
+++ b
@@ -1,5 +1,5 @@
 1
-2
+2x
 3
 4
 5
@@ -8,5 +8,5 @@
 8
 9
 10
-11
+11x
 12
`,
	},
	{
		name:  "new side lacks final newline",
		a:     "a\nb\n",
		b:     "a\nb",
		edits: []Edit{{1, 2, "b"}},
		unified: `--- a
+++ b
@@ -1,2 +1,2 @@
 a
-b
+b
\ No newline at end of file
`,
	},
	{
		name:  "old side lacks final newline",
		a:     "a\nb",
		b:     "a\nb\nc\n",
		edits: []Edit{{1, 2, "b\nc\n"}},
		unified: `--- a
+++ b
@@ -1,2 +1,3 @@
 a
-b
\ No newline at end of file
+b
+c
`,
	},
	{
		name:  "neither side has final newline",
		a:     "a\nb",
		b:     "a\nc",
		edits: []Edit{{1, 2, "c"}},
		unified: `--- a
+++ b
@@ -1,2 +1,2 @@
 a
-b
\ No newline at end of file
+c
\ No newline at end of file
`,
	},
	{
		name:  "CRLF",
		a:     "a\r\nb\r\nc\r\n",
		b:     "a\r\nx\r\nc\r\n",
		edits: []Edit{{1, 2, "x\r\n"}},
		unified: "--- a\n+++ b\n@@ -1,3 +1,3 @@\n" +
			" a\r\n-b\r\n+x\r\n c\r\n",
	},
	{
		name:  "CRLF against LF",
		a:     "a\r\nb\r\n",
		b:     "a\nb\n",
		edits: []Edit{{0, 2, "a\nb\n"}},
		unified: "--- a\n+++ b\n@@ -1,2 +1,2 @@\n" +
			"-a\r\n-b\r\n+a\n+b\n",
	},
	{
		name:  "non-ASCII",
		a:     "café crème\n日本語のテキスト\nok 🙂\n",
		b:     "café creme\n日本人のテキスト\nok 🙂\n",
		edits: []Edit{{0, 2, "café creme\n日本人のテキスト\n"}},
		unified: `--- a
+++ b
@@ -1,3 +1,3 @@
-café crème
-日本語のテキスト
+café creme
+日本人のテキスト
 ok 🙂
`,
	},
	{
		name:  "emoji",
		a:     "thumbs 👍🏽\nfamily 👨‍👩‍👧 home\n",
		b:     "thumbs 👍🏿\nfamily 👨‍👩‍👦 home\n",
		edits: []Edit{{0, 2, "thumbs 👍🏿\nfamily 👨‍👩‍👦 home\n"}},
		unified: `--- a
+++ b
@@ -1,2 +1,2 @@
-thumbs 👍🏽
-family 👨‍👩‍👧 home
+thumbs 👍🏿
+family 👨‍👩‍👦 home
`,
	},
	{
		name: "XML item inserted", // GNU diff starts the insertion at "  <title>B"; git diff agrees with this
		a: `<feed>
<item>
  <title>A</title>
</item>
<item>
  <title>C</title>
</item>
</feed>
`,
		b: `<feed>
<item>
  <title>A</title>
</item>
<item>
  <title>B</title>
</item>
<item>
  <title>C</title>
</item>
</feed>
`,
		edits: []Edit{{4, 4, "<item>\n  <title>B</title>\n</item>\n"}},
		unified: `--- a
+++ b
@@ -2,6 +2,9 @@
 <item>
   <title>A</title>
 </item>
+<item>
+  <title>B</title>
+</item>
 <item>
   <title>C</title>
 </item>
`,
	},
}
