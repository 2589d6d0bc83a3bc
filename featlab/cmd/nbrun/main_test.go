package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func cell(outputs ...Output) Cell { return Cell{CellType: "code", Outputs: outputs} }

func display(html string) Output {
	b, _ := json.Marshal(html)
	return Output{OutputType: "display_data", Data: map[string]json.RawMessage{"text/html": b}}
}

func stdout(s string) Output { return Output{OutputType: "stream", Name: "stdout", Text: multiline(s)} }

func TestComparableIgnoresInterleavingAndStderr(t *testing.T) {
	a := cell(stdout("x = 1\n"), display("<svg/>"), stdout("y = 2\n"))
	b := cell(display("<svg/>"), stdout("x = 1\ny = 2\n"), Output{OutputType: "stream", Name: "stderr", Text: "go: downloading\n"})
	if comparable(a) != comparable(b) {
		t.Errorf("same results compared unequal:\n%q\n%q", comparable(a), comparable(b))
	}
	c := cell(stdout("x = 1\ny = 3\n"), display("<svg/>"))
	if comparable(a) == comparable(c) {
		t.Error("a changed number compared equal")
	}
}

func TestCellErrors(t *testing.T) {
	ok := cell(stdout("fine\n"))
	if e := cellErrors(ok); len(e) != 0 {
		t.Errorf("clean cell reported errors: %v", e)
	}
	panicked := cell(Output{OutputType: "stream", Name: "stderr", Text: "panic: boom\n\ngoroutine 1"})
	if e := cellErrors(panicked); len(e) != 1 || !strings.Contains(e[0], "boom") {
		t.Errorf("panic not reported: %v", e)
	}
	compile := cell(display(`<style>.gonb-err{}</style><div class="gonb-err-line">cannot use &#34;s&#34;</div>`),
		Output{OutputType: "error", EName: "ERROR", EValue: "failed to run go build"})
	e := cellErrors(compile)
	if len(e) != 2 || !strings.Contains(e[1], `cannot use "s"`) {
		t.Errorf("compile error text not extracted: %q", e)
	}
}

func TestNormalizeDropsTimingKeepsHTML(t *testing.T) {
	in := `{"cells":[{"cell_type":"code","metadata":{"execution":{"t":1},"k":2},"source":"<b>","outputs":[]}],"metadata":{},"nbformat":4,"nbformat_minor":5}`
	out := string(normalize([]byte(in)))
	if strings.Contains(out, "execution") || !strings.Contains(out, `"<b>"`) || !strings.Contains(out, `"k": 2`) {
		t.Errorf("normalize gave:\n%s", out)
	}
}

func TestDiffDirs(t *testing.T) {
	want, got := t.TempDir(), t.TempDir()
	write := func(dir, name, s string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(s), 0o644)
	}
	write(want, "a/x.svg", "1")
	write(got, "a/x.svg", "1")
	if err := diffDirs(want, got); err != nil {
		t.Fatalf("identical folders: %v", err)
	}
	write(got, "a/x.svg", "2")
	write(got, "b/new.png", "n")
	write(want, "c/old.png", "o")
	err := diffDirs(want, got)
	if err == nil {
		t.Fatal("different folders compared equal")
	}
	for _, s := range []string{"differs: " + filepath.Join(want, "a/x.svg"), "new, not committed", "no longer produced"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("diffDirs error lacks %q:\n%v", s, err)
		}
	}
}

func TestLintFindsProblems(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "01-x.ipynb")
	nb := `{"cells":[{"cell_type":"code","metadata":{},"source":"%%\nfmt.Println(1)","outputs":[]}],"metadata":{"kernelspec":{"name":"python3"}},"nbformat":4,"nbformat_minor":5}`
	os.WriteFile(p, []byte(nb), 0o644)
	err := lintAll([]string{p})
	if err == nil {
		t.Fatal("lint passed a bad notebook")
	}
	for _, s := range []string{"kernelspec is not gonb", "not the standard setup cell", "first cell should be markdown", "no stored outputs"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("lint error lacks %q", s)
		}
	}
}

func TestMaskMeasured(t *testing.T) {
	a := maskMeasured("stream: 1000000 rows read once, 1.4 s, peak memory 33 MB")
	b := maskMeasured("stream: 1000000 rows read once, 2.0 s, peak memory 34 MB")
	if a != b || !strings.Contains(a, "1000000 rows") {
		t.Errorf("masked %q and %q", a, b)
	}
}
