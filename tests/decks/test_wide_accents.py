"""Wide accents of the math extension font (\\widehat, \\widetilde): CMEX10 names them
`hatwide`/`tildewide` at their smallest size, and a text map that does not know the names
reports their codes as letters ("b", "e"), so $\\widehat{\\theta}_R$ read "θ b_R" — an
estimate and the parameter it estimates looked alike."""

from __future__ import annotations

import re
import subprocess

from apps.decks.pipeline.ingest import paper_read
from tests.decks.paperfactory import needs_pdflatex

SOURCE = r"""\documentclass{article}
\title{Wide accents over estimates}
\author{Tessera Tests}
\date{March 2024}
\begin{document}
\maketitle
\section{Estimates}
The REML estimate $\widehat{\theta}_R$ minimizes the criterion, while the profiled estimate
$\widetilde{\beta}$ follows from it. The plug-in estimator $\widehat{\sigma}^2$ uses the
residuals of the fitted model. Both estimates are compared with the true values on simulated
data sets of several sizes, and the differences shrink as the samples grow.
\section{Results}
The estimate $\widehat{\theta}_R$ is close to the parameter $\theta$ in every simulation, and
the residual variance $\widehat{\sigma}^2$ is never far from its true value. The
simulations cover small and large groups, balanced and unbalanced designs, and correlated
random effects; in each setting the bias of the estimates is below one percent of the true
value once every group holds at least ten observations, and the coverage of the intervals
stays near its nominal level. Larger groups tighten the intervals further, while unbalanced
designs widen them only slightly, so the estimator can be used with confidence in practice.
\end{document}
"""


@needs_pdflatex
def test_wide_hats_and_tildes_are_accents_not_letters(tmp_path):
    (tmp_path / "wide.tex").write_text(SOURCE)
    for _ in range(2):
        subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "wide.tex"],
            cwd=tmp_path,
            check=True,
            capture_output=True,
            timeout=120,
        )
    paper = paper_read(tmp_path / "wide.pdf", tmp_path / "figures")
    prose = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "\\hat{\\theta}_{R}" in prose, prose
    assert "\\hat{\\sigma}^{2}" in prose, prose
    assert "\\tilde{\\beta}" in prose, prose
    # no code of the extension font left as a letter beside its symbol
    assert not re.search(r"\\(?:theta|sigma|beta) [bcdefg]\b", prose), prose
