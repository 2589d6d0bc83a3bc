package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// kernelFlags are the log settings the kernel is registered with. GoNB
// (v0.11.3 at least) logs a test line "Error message" at every kernel start (its
// extra-log set-up runs even without -extra_log), and errors go to the
// kernel's stderr, which is the terminal of `make lab` and the log of every
// headless run. With stderrthreshold=FATAL its log stays in its log files
// (klog's default, in the temporary folder) and the terminal shows only
// what Jupyter itself prints. Errors a student must see (compile errors,
// failing cells) reach the notebook through Jupyter, not through this log.
var kernelFlags = []string{"-logtostderr=false", "-alsologtostderr=false", "-stderrthreshold=3"}

// kernelSpec is the part of a Jupyter kernel.json nbrun checks.
type kernelSpec struct {
	Argv []string          `json:"argv"`
	Env  map[string]string `json:"env"`
}

// goWorkFlag is the kernel flag that starts every new kernel with a
// go.work using the checkout at root, so that a cell run on a fresh kernel
// (after a restart, without the notebook's set-up cell) still imports the
// course's packages from this checkout. GoNB also adds the matching
// replace line to its go.mod (its %goworkfix), so `go get` never asks the
// module proxy for github.com/featlab/course.
func goWorkFlag(root string) string { return "-go_work=" + root }

// kernelRoot returns the checkout the kernel spec's -go_work flag names
// ("" without one).
func kernelRoot(ks kernelSpec) string {
	for _, a := range ks.Argv {
		if r, ok := strings.CutPrefix(a, "-go_work="); ok {
			return r
		}
	}
	return ""
}

// kernelCurrent reports why the kernel spec at path does not run gonb with
// the given environment (PATH and kernelGoEnv's settings), log flags and
// checkout root ("" when it does). GoNB's installer records
// either gonb's own path or, when gonb lives under /tmp or the user cache,
// a copy next to kernel.json; a copy with gonb's exact bytes counts.
func kernelCurrent(path, gonb string, env map[string]string, root string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "no kernel spec"
	}
	var ks kernelSpec
	if err := json.Unmarshal(b, &ks); err != nil || len(ks.Argv) == 0 {
		return "unreadable kernel spec"
	}
	if !sameFile(ks.Argv[0], gonb) {
		return fmt.Sprintf("it runs %s, not %s", ks.Argv[0], gonb)
	}
	for _, f := range kernelFlags {
		if !slices.Contains(ks.Argv, f) {
			return "its log flags differ"
		}
	}
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if ks.Env[k] != env[k] {
			return fmt.Sprintf("its %s differs (%q, want %q)", k, ks.Env[k], env[k])
		}
	}
	if r := kernelRoot(ks); r != root {
		if r == "" {
			return "it names no checkout (-go_work)"
		}
		return fmt.Sprintf("it builds the notebooks against the checkout %s, not %s", r, root)
	}
	return ""
}

// sameFile reports whether a and b are the same file or files with the
// same bytes.
func sameFile(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return false
	}
	if ra == rb {
		return true
	}
	x, err1 := os.ReadFile(ra)
	y, err2 := os.ReadFile(rb)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// kernel registers the GoNB kernel unless the registered one is already
// gonb with env (kernelEnvFor: PATH and the Go settings that make a
// cell's build fast), the quiet log flags and -go_work=root. dataDir is
// Jupyter's data folder (`jupyter --data-dir`); the spec is
// dataDir/kernels/gonb.
//
// Jupyter keeps one kernel named "gonb" per user, and the notebooks name
// it. A second checkout on the same machine therefore takes the kernel
// over: when the registered kernel names another checkout that still
// exists, kernel says so, since that checkout's notebooks now build
// against this one's library until its own `make lab` (or make notebook)
// registers it back.
func kernel(dataDir, gonb string, env map[string]string, root string) error {
	spec := filepath.Join(dataDir, "kernels", "gonb", "kernel.json")
	why := kernelCurrent(spec, gonb, env, root)
	if why == "" {
		fmt.Printf("==> GoNB kernel registered for this checkout: %s\n", spec)
		return nil
	}
	if b, err := os.ReadFile(spec); err == nil {
		var ks kernelSpec
		if json.Unmarshal(b, &ks) == nil {
			if other := kernelRoot(ks); other != "" && other != root {
				if _, err := os.Stat(filepath.Join(other, "go.mod")); err == nil {
					fmt.Printf("==> note: the GoNB kernel served the checkout %s; it now serves %s.\n"+
						"    Jupyter has one \"gonb\" kernel per user: notebooks opened from %s build against\n"+
						"    this checkout's library until `make lab` runs there again.\n", other, root, other)
				}
			}
		}
	}
	fmt.Printf("==> registering the GoNB kernel (%s)\n", why)
	cmd := exec.Command(gonb, append(append([]string{"--install"}, kernelFlags...), goWorkFlag(root))...)
	cmd.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+dataDir)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gonb --install failed (%v):\n%s", err, log.String())
	}
	if err := kernelEnv(spec, env); err != nil {
		return err
	}
	if why := kernelCurrent(spec, gonb, env, root); why != "" {
		return fmt.Errorf("after gonb --install, %s: %s", spec, why)
	}
	fmt.Printf("    %s\n", spec)
	return nil
}

// freePort returns the first port from port on (50 tried) that can be
// listened on at ip, so make lab can tell Jupyter exactly which port to
// use and print the URL it will serve.
func freePort(ip string, port int) (int, error) {
	for p := port; p < port+50; p++ {
		l, err := net.Listen("tcp", net.JoinHostPort(ip, strconv.Itoa(p)))
		if err == nil {
			l.Close()
			return p, nil
		}
	}
	return 0, fmt.Errorf("no free port in %d..%d on %s", port, port+49, ip)
}

// warmImports lists the packages of the module a notebook can import
// (everything but internal/ and commands), for the probe to build once.
func warmImports(root string) ([]string, error) {
	cmd := exec.Command("go", "list", "-f", "{{if ne .Name \"main\"}}{{.ImportPath}}{{end}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./... in %s: %v", root, err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		if !strings.Contains(p, "/internal/") {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, nil
}
