package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GoNB starts gopls with every kernel when it finds it on PATH, for the
// completion and inspection of an interactive notebook. The kernel's
// workspace (-go_work) is the whole checkout, so gopls type-checks the
// library in the background: 7.6 s of CPU during a headless run of
// notebook 02 (of about 60), on a machine whose two cores the cells' builds
// need. A headless run asks for no completion, so exec and probe start
// the kernel from a copy of the registered spec whose PATH hides gopls.

// maxShadowEntries bounds the folders whose gopls is hidden: a folder of
// PATH holding gopls is replaced by a folder of links to its other
// entries, which is reasonable for ./bin or ~/go/bin, not for /usr/bin.
const maxShadowEntries = 200

// hideGopls returns pathEnv with each folder that holds gopls (and at most
// maxShadowEntries entries) replaced by a folder under dir that links to
// every other entry of it. Folders it cannot copy this way stay as they are.
func hideGopls(pathEnv, dir string) string {
	parts := filepath.SplitList(pathEnv)
	for i, d := range parts {
		if st, err := os.Stat(filepath.Join(d, "gopls")); err != nil || st.IsDir() {
			continue
		}
		entries, err := os.ReadDir(d)
		if err != nil || len(entries) > maxShadowEntries {
			continue
		}
		shadow := filepath.Join(dir, fmt.Sprintf("path%d", i))
		if err := os.MkdirAll(shadow, 0o755); err != nil {
			continue
		}
		ok := true
		for _, e := range entries {
			if e.Name() == "gopls" {
				continue
			}
			if err := os.Symlink(filepath.Join(d, e.Name()), filepath.Join(shadow, e.Name())); err != nil {
				ok = false
				break
			}
		}
		if ok {
			parts[i] = shadow
		}
	}
	return strings.Join(parts, string(filepath.ListSeparator))
}

// headlessKernel writes under dir the registered gonb kernel spec
// (resource folder specDir) with gopls hidden from its PATH, as
// dir/kernels/gonb/kernel.json, and returns dir for JUPYTER_PATH, which
// Jupyter searches before the user's kernels.
func headlessKernel(specDir, dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(specDir, "kernel.json"))
	if err != nil {
		return "", err
	}
	var spec map[string]any
	if err := json.Unmarshal(b, &spec); err != nil {
		return "", err
	}
	env, _ := spec["env"].(map[string]any)
	path, _ := env["PATH"].(string)
	if path == "" {
		return "", fmt.Errorf("the kernel spec in %s sets no PATH", specDir)
	}
	env["PATH"] = hideGopls(path, filepath.Join(dir, "bin"))
	out := filepath.Join(dir, "kernels", "gonb")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	b, err = json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(out, "kernel.json"), b, 0o644)
}

// headlessEnv returns the environment for a headless nbconvert: the
// caller's, with JUPYTER_PATH naming a copy of the registered gonb kernel
// without gopls. If the registered kernel cannot be found or copied, the
// registered kernel runs as it is.
func headlessEnv(tmp string) []string {
	env := append(os.Environ(), "FEATLAB_HEADLESS=1")
	out, err := exec.Command("jupyter", "kernelspec", "list", "--json").Output()
	if err != nil {
		return env
	}
	var list struct {
		Kernelspecs map[string]struct {
			ResourceDir string `json:"resource_dir"`
		} `json:"kernelspecs"`
	}
	if json.Unmarshal(out, &list) != nil || list.Kernelspecs["gonb"].ResourceDir == "" {
		return env
	}
	dir, err := headlessKernel(list.Kernelspecs["gonb"].ResourceDir, filepath.Join(tmp, "jupyter"))
	if err != nil {
		return env
	}
	if old := os.Getenv("JUPYTER_PATH"); old != "" {
		dir += string(filepath.ListSeparator) + old
	}
	return append(env, "JUPYTER_PATH="+dir)
}
