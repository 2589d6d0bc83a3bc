package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

func TestStampRun(t *testing.T) {
	in := []byte(`{"cells": [], "metadata": {"kernelspec": {"name": "gonb"}}, "nbformat": 4, "nbformat_minor": 5}`)
	out := normalize(in, runStamp(41234*time.Millisecond, 0.756))
	var nb Notebook
	if err := json.Unmarshal(out, &nb); err != nil {
		t.Fatal(err)
	}
	r, ok := storedRun(&nb)
	if !ok || r.RunSeconds != 41.2 || r.Load1 != 0.76 {
		t.Fatalf("stored %+v, %v; want 41.2 s at load 0.76", r, ok)
	}
	if _, ok := nb.Metadata["kernelspec"]; !ok {
		t.Fatal("runStamp dropped the kernelspec")
	}
	if got := runTimeText(r); got != "41 s" {
		t.Fatalf("runTimeText = %q", got)
	}
	if string(normalize([]byte("not json"), runStamp(time.Second, 0))) != "not json" {
		t.Fatal("runStamp changed a non-notebook")
	}
}

const readmeTable = `intro

| notebook | what it shows | mirrors |
|---|---|---|
| [00-tour](notebooks/00-tour.ipynb) | cells | set-up |
| [01-x](notebooks/01-x.ipynb) | a | b |

after
`

func TestReadmeWithRunTimes(t *testing.T) {
	got, err := readmeWithRunTimes(readmeTable, map[string]string{"00-tour.ipynb": "25 s"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| notebook | what it shows | mirrors | headless run |",
		"|---|---|---|---:|",
		"| [00-tour](notebooks/00-tour.ipynb) | cells | set-up | 25 s |",
		"| [01-x](notebooks/01-x.ipynb) | a | b | — |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	// Updating an existing column replaces the time, adds no column.
	again, err := readmeWithRunTimes(got, map[string]string{"00-tour.ipynb": "31 s", "01-x.ipynb": "9 s"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(again, "| set-up | 31 s |") || !strings.Contains(again, "| b | 9 s |") ||
		strings.Count(again, runTimeHeader) != 1 || strings.Contains(again, "25 s") {
		t.Errorf("update went wrong:\n%s", again)
	}
	same, _ := readmeWithRunTimes(again, map[string]string{"00-tour.ipynb": "31 s", "01-x.ipynb": "9 s"})
	if same != again {
		t.Error("rewriting with the same times changed the README")
	}
	if _, err := readmeWithRunTimes("no table here", nil); err == nil {
		t.Error("a README without the table gave no error")
	}
}

// TestReadmeRunTimes checks that the README's table shows the run time
// stored in each notebook (`make notebook`/`make notebooks` keep them in
// step).
func TestReadmeRunTimes(t *testing.T) {
	notebooks := courseNotebooks(t)
	b, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, cn := range notebooks {
		name := cn.name
		r, ok := storedRun(cn.nb)
		if !ok {
			t.Errorf("%s stores no run time: execute it with `make notebook NB=notebooks/%s`", name, name)
			continue
		}
		row := ""
		for _, l := range strings.Split(readme, "\n") {
			if m := readmeRow.FindStringSubmatch(l); m != nil && m[1] == name {
				row = l
			}
		}
		if !strings.HasSuffix(row, "| "+runTimeText(r)+" |") {
			t.Errorf("README row of %s does not end with its stored run time %q (run `bin/nbrun readme-times notebooks/*.ipynb`):\n%s",
				name, runTimeText(r), row)
		}
	}
}

// TestNotebookSummaries checks that every notebook ends with "## What this
// notebook checks" followed by a "## Summary" cell of 3-5 lines.
func TestNotebookSummaries(t *testing.T) {
	for _, cn := range courseNotebooks(t) {
		name, nb := cn.name, cn.nb
		if len(nb.Cells) < 2 {
			t.Errorf("%s has fewer than two cells", name)
			continue
		}
		last := nb.Cells[len(nb.Cells)-1]
		src := strings.TrimSpace(string(last.Source))
		lines := strings.Split(src, "\n")
		if last.CellType != "markdown" || lines[0] != "## Summary" {
			t.Errorf("%s: the last cell is not a markdown cell starting \"## Summary\"", name)
			continue
		}
		body := 0
		for _, l := range lines[1:] {
			if strings.TrimSpace(l) != "" {
				body++
			}
		}
		if body < 3 || body > 5 {
			t.Errorf("%s: the summary has %d lines, want 3-5", name, body)
		}
		checks := false
		for _, c := range nb.Cells[:len(nb.Cells)-1] {
			if c.CellType == "markdown" && strings.HasPrefix(strings.TrimSpace(string(c.Source)), "## What this notebook checks") {
				checks = true
			}
		}
		if !checks {
			t.Errorf("%s has no \"## What this notebook checks\" section before its summary", name)
		}
	}
}
