#!/usr/bin/python3
"""Golden values for knockoff.SolveSDP: the knockoff SDP solved by CVXOPT.

    maximise sum_j s_j  subject to  0 <= s_j <= 1,  2R - diag(s) PSD

(Barber and Candes 2015, section 2.1.1) for small correlation matrices R.

Regenerate (from the repository root):
    /usr/bin/python3 featlab/knockoff/testdata/golden_sdp.py > featlab/knockoff/testdata/golden_sdp.json

Debian python3-cvxopt 1.3.0, numpy 1.24.2.
"""
import json

import numpy as np
from cvxopt import matrix, solvers

solvers.options["show_progress"] = False
solvers.options["abstol"] = 1e-10
solvers.options["reltol"] = 1e-10
solvers.options["feastol"] = 1e-10


def sdp_s(R):
    d = R.shape[0]
    c = matrix(-np.ones(d))
    # linear: -s <= 0, s <= 1
    Gl = matrix(np.vstack([-np.eye(d), np.eye(d)]))
    hl = matrix(np.concatenate([np.zeros(d), np.ones(d)]))
    # LMI: sum_k s_k E_kk <= 2R (columns: vec of E_kk, column-major)
    Gs = np.zeros((d * d, d))
    for k in range(d):
        Gs[k * d + k, k] = 1.0
    sol = solvers.sdp(c, Gl=Gl, hl=hl, Gs=[matrix(Gs)], hs=[matrix(2 * R)])
    assert sol["status"] == "optimal", sol["status"]
    return np.array(sol["x"]).ravel()


def corr(S):
    sd = np.sqrt(np.diag(S))
    R = S / np.outer(sd, sd)
    np.fill_diagonal(R, 1.0)
    return R


cases = []
rng = np.random.default_rng(20150101)
# AR(1) correlation, an equicorrelated block, and random Wishart ones
for d, rho in [(4, 0.5), (6, 0.8)]:
    idx = np.arange(d)
    cases.append(("ar1_d%d_rho%g" % (d, rho), rho ** np.abs(idx[:, None] - idx[None, :])))
R = np.full((5, 5), 0.3)
np.fill_diagonal(R, 1.0)
cases.append(("equi_d5_0.3", R))
for k, (d, n) in enumerate([(5, 8), (8, 12), (10, 30)]):
    A = rng.standard_normal((n, d))
    A[:, 1] += 0.8 * A[:, 0]
    cases.append(("wishart%d_d%d" % (k, d), corr(A.T @ A)))

out = []
for name, R in cases:
    s = sdp_s(R)
    out.append({"name": name, "R": R.tolist(), "s": s.tolist(), "objective": float(s.sum())})
print(json.dumps({"source": "cvxopt 1.3.0 solvers.sdp", "cases": out}, indent=1))
