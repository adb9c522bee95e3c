"""What a reader must take away from a paper: what it does (its stated contribution or method)
and what it finds (its main result), each as a statement in the paper's own words.

A deck may pick the abstract's best-scored sentences and still leave out both: the sentence
"In this paper we present an efficient technique for …" loses to background that shares more
words with the paper, and the result sentence ("Experimental results show that … is much more
accurate …") to the method's details. The builtin proposer makes sure its deck states one of
each (`ensure`); the reviewer reports a deck that states neither as `thin_deck`
(review/deck_rules.py), and the fix is the same `ensure` (propose/deck_level.py).

The statements are only ever the paper's sentences, made self-contained by the bullet rewriter
and refused when a text defect remains: a main point is never invented, and never a fragment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import carried_text, defects, software_points, text, worded_findings
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.paper_memo import per_paper
from apps.decks.pipeline.slide_deck import Slide

# The paper stating what it contributes: "We propose …", "In this paper we present …", "This
# article introduces …", "a new implementation … is introduced". Not a step of the work ("We
# assume …") and not what others did ("Smith et al. proposed …": no first person, no passive
# of the paper).
CONTRIBUTION = re.compile(
    r"\b(?:we|I)\s+(?:(?:here|now|also|first|further|newly|herein|have|will|then)\s+){0,2}"
    r"(?:propos|present|introduc|provid|develop|describ|design|implement|reformulat|offer|"
    r"deriv|construct|formulat|extend|explain)\w*\b|"
    # the contribution coordinated after a first verb: "We reject this view, and describe …"
    r"^(?:in\s+this\s+\w+,\s+)?(?:we|I)\s+\w+[^.;:]{0,60}?,?\s+and\s+(?:then\s+)?(?:propos|present|"
    r"introduc|describ|develop|explain)\w*\b|"
    r"\b(?:this|the\s+present|our)\s+(?:paper|article|work|study|note|report|vignette|thesis|"
    r"document|guide|essay|tutorial|manual|chapter)\s+"
    r"(?:\w+\s+){0,2}?(?:propos|present|introduc|provid|develop|describ|offer|deriv|extend|"
    r"explain)\w*\b|"
    # the contribution in the passive, never a mechanism's agent ("each cell is introduced by a
    # named command": how the package works, not what the paper contributes)
    r"\b(?:is|are|has\s+been|have\s+been)\s+(?:\w+ly\s+)?(?:introduced|proposed|presented|"
    r"developed|implemented)\b(?!\s+by\s+(?:an?|the|its|each|every|one)\b)|"
    # the aim a study states of itself: "The purpose of this study is to evaluate …"
    r"\b(?:the|our)\s+(?:main\s+|primary\s+)?(?:purpose|aim|objective|goal)\s+of\s+(?:this|the\s+"
    r"present|our)\s+(?:study|paper|work|article|research)\s+(?:is|was)\s+to\b|"
    # what a software paper's package or a method paper's method does, said of it in the
    # abstract: "The package allows for the computation of …", "The MetaPlot package provides …"
    r"^(?:the|this|our)\s+(?:[\w-]+\s+){0,2}?(?:package|software|library|toolbox|tool|system|"
    r"method|algorithm|approach|framework|estimator|procedure)\s+(?:[\w-]+\s+)?(?:allows|"
    r"provides|implements|offers|supports|enables|combines)\b",
    re.I,
)
# A change a finding names (a speedup, a reduction in …) and a size said in words rather than a
# number ("orders of magnitude", "several-fold", "an order of magnitude faster").
CHANGE_NOUN = (
    r"(?:speed-?ups?|slow-?downs?|reductions?|improvements?|gains?|increases?|decreases?|"
    r"accelerations?|savings?|drops?|advantages?|differences?)\b"
)
SIZE = (
    r"\b(?:(?:several|many|two|three|four|five|six|seven|eight|nine|ten|a\s+few)\s+)?"
    r"orders?\s+of\s+magnitude\b|"
    # not a predicate ("the motivation is several-fold": of several parts)
    r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)"
    r"\b(?:several|many|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|"
    r"thousand|multi)-?fold\b"
)
# A finding: the authors' "we show / find / conclude that", "results show", a comparison
# ("better than", "outperforms"), a measured number with its unit.
RESULT_VERB = re.compile(
    r"\b(?:we|I)\s+(?:(?:also|further|then|here|have|finally)\s+){0,2}"
    r"(?:show|find|found|demonstrat|conclud|observ|obtain|confirm|expect)\w*\b|"
    r"\b(?:we|I)\s+(?:(?:also|further|then|here|have|finally)\s+){0,2}prov(?:e|ed|es)\b|"
    r"\bresults?\s+(?:\w+\s+){0,2}?(?:show|indicat|suggest|demonstrat|confirm|reveal)\w*\b|"
    # the evidence as the subject of its finding: "the simulation evidence suggests that …",
    # "asymptotics for the one-sample case suggest that …", "our experiments indicate that …"
    r"\b(?:evidence|experiments?|simulations?|analys[ie]s|findings|data|asymptotics|"
    r"comparisons?|measurements?|tests?|trials?|observations?)\s+(?:[\w-]+\s+){0,5}?"
    r"(?:show|indicat|suggest|demonstrat|confirm|reveal)\w*\s+that\b|"
    r"\bit\s+(?:is|was|has\s+been)\s+(?:found|shown|observed|demonstrated|concluded)\s+that\b|"
    r"\b(?:is|are|was|were)\s+(?:found|shown)\s+to\b|"
    # the evidence or the authors naming the change itself rather than a clause: "timing
    # comparisons indicate a speedup of …", "the benchmarks show a twofold reduction in …",
    # "we observe an improvement of …"
    r"\b(?:evidence|experiments?|simulations?|analys[ie]s|findings|data|comparisons?|"
    r"measurements?|tests?|trials?|benchmarks?|timings?|results?|we|I)\s+(?:\S+\s+){0,12}?"
    r"(?:show|indicat|suggest|demonstrat|confirm|reveal|observ|measur|find|found)\w*\s+"
    r"(?:an?\s+|the\s+)?(?:(?!of\b|in\b|for\b)[\w-]+\s+){0,2}?" + CHANGE_NOUN,
    re.I,
)
# A reproduction's verdict, the finding of a paper that re-runs another study ("we were able
# to reproduce the original results", "the bulk of the results could be reproduced", "we have
# succeeded in replicating …"): a step of the work ("we reproduce the activity …") is none.
REPRODUCED = re.compile(
    r"\b(?:we|I)\s+(?:were|was|have\s+been)\s+(?:\w+ly\s+)?able\s+to\s+(?:reproduce|replicate)\b|"
    r"\b(?:we|I)\s+(?:have\s+)?(?:succeeded|were\s+successful)\s+in\s+(?:reproducing|"
    r"replicating)\b|\b(?:we|I)\s+(?:have\s+)?successfully\s+(?:reproduced|replicated)\b|"
    r"\b(?:results?|findings|analys[ie]s|figures?)\s+(?:\w+\s+){0,3}?(?:could|can|were|was|"
    r"have\s+been)\s+(?:(?:not|fully|largely|successfully)\s+)?(?:be\s+)?(?:reproduced|"
    r"replicated)\b",
    re.I,
)
# The authors noting what they measured ("we noted that there was a 5 U/ml decrease …"): a
# finding only with its measure or comparison ("we note that the matrix is symmetric" is not).
NOTED = re.compile(r"\b(?:we|I)\s+(?:also\s+)?(?:not(?:e|ed|iced)|saw|see)\s+that\b", re.I)
# The finding a long sentence ends with, after what was done: "… are compared with …, and it is
# found that the junction improves the performance by 48%" states "The junction improves …".
FINDING_CLAUSE = re.compile(
    r"(?:,\s*(?:and|but|so)\s+|;\s*|:\s*)"
    r"(?:it\s+(?:is|was|has\s+been)\s+(?:found|shown|observed|demonstrated|concluded)|"
    r"we\s+(?:also\s+)?(?:find|found|show|showed|observe|observed|conclude|concluded)|"
    r"(?:the\s+)?results?\s+(?:show|showed|indicate|indicated|suggest|suggested))\s+that\s+"
    r"(?P<claim>[^;]+)$",
    re.I,
)
# What a model or method does that is a finding only with its measure ("achieves 96% …")
ACHIEVES = re.compile(r"\b(?:predicts?|achieves?|achieved|yields?|reach(?:es)?)\b", re.I)
COMPARISON = re.compile(
    r"\boutperform\w*|\b(?:better|worse|more\s+\w+|less\s+\w+|fewer|faster|slower|higher|lower|"
    r"smaller|larger)\s+(?:\w+\s+){0,2}?than\b|"
    # "… by 64% compared with the plain sensors", not what was done: "were compared with"
    r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)(?<!\bbeen\s)"
    r"\bcompared\s+(?:to|with)\b|"
    r"\b(?:significantly|much|substantially|considerably)\s+(?:faster|slower|better|worse|"
    r"higher|lower|larger|smaller|more|less|fewer)\b|\bin\s+comparison\s+(?:to|with)\b|"
    # a size in words with what it measures: "an order of magnitude faster", "orders of
    # magnitude of performance gains", "a several-fold speedup", "a substantial reduction"
    r"(?:" + SIZE + r"|\ban?\s+order\s+of\s+magnitude\b)\s+(?:of\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:faster|slower|smaller|larger|quicker|higher|lower|fewer|less|more|" + CHANGE_NOUN + ")|"
    r"\b(?:substantial|considerable|dramatic|marked|large|major|significant|huge|"
    r"tenfold|twofold|threefold)\s+(?:[\w-]+\s+)?(?:speed-?ups?|reductions?|improvements?|"
    r"gains?|accelerations?|savings?)\b|"
    # a change by an amount: "reduces the time-area product by the factor of 3", "improves
    # the efficiency by 48%", "cut the latency by half"
    r"\b(?:reduc|increas|improv|decreas|lower|rais|cut|shorten|boost|speed\w*\s+up|lengthen)"
    r"\w*\b[^.;]{0,80}?\bby\s+(?:a\s+|the\s+)?(?:factor\s+(?:of\s+)?|about\s+|up\s+to\s+|"
    r"over\s+|more\s+than\s+|nearly\s+|almost\s+|approximately\s+|some\s+)*(?:\$?\d|half\b|"
    r"an?\s+order\s+of\s+magnitude)|"
    # a finding phrased as the improvement a change brings: "…, resulting in improvements in
    # both sensitivity and specificity", "which led to a reduction in false positives"
    r"\b(?:result(?:s|ed|ing)?\s+in|le(?:ad|ads|ading|d)\s+to)\s+(?:an?\s+|the\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:improvements?|reductions?|gains?|speed-?ups?|savings?)\s+in\b|"
    # a size of change said with its direction, no "than" after it: "is 1.7–2.0 times faster",
    # "a 3× smaller footprint", "ten-fold fewer errors"
    r"\b\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*(?:times|×|x|-?fold)\s+(?:faster|slower|"
    r"smaller|larger|higher|lower|fewer|less|more|better|quicker|cheaper|shorter|longer)\b|"
    # a gain over the best known: "improving (on) the state of the art", "beats the state of
    # the art"
    r"\b(?:improv\w*|outperform\w*|beat\w*|surpass\w*|exceed\w*|advanc\w*)\s+(?:on\s+|upon\s+)?"
    r"(?:the\s+)?(?:current\s+)?state[-\s]of[-\s]the[-\s]art\b|"
    # a test's verdict: "is significantly …", "were not statistically significant"
    r"\b(?:is|are|was|were)\s+(?:not\s+)?(?:statistically\s+)?(?:significant(?:ly)?|"
    r"meaningful)\b|\b(?:no\s+)?(?:statistically\s+)?significant\s+(?:difference|increase|"
    r"decrease|improvement|reduction|effect|association|correlation|change)\b",
    re.I,
)
MEASURE = re.compile(
    r"\d+(?:\.\d+)?\s*(?:%|×|\\%|-?fold\b|times\b|x\b)|\bp\s*[<=]\s*0?\.\d|" + SIZE + "|"
    # a percentage said in words: "within four percent", "by 12 per cent"
    r"\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|"
    r"fifty|a\s+few)\s+per\s*cent\b|"
    r"\bfactor\s+(?:of\s+)?\$?\d|"
    # a count of a whole: "392 of the 400 widows", "in 9 out of 10 runs"
    r"\b\d+\s+(?:out\s+)?of\s+(?:the\s+|all\s+)?\d+\b|"
    # a quantified change: "a 5 U/ml decrease", "a 12 ms reduction"
    r"\d+(?:\.\d+)?\s*(?:[^\s\d]+\s+)?(?:decrease|increase|reduction|improvement|gain|drop|"
    r"rise|speed-?up)\b",
    re.I,
)
# A rate measured for the paper's own method, with its unit: "in 1.2 CPU cycles per byte", "at
# 40 frames/s", "3.5 GB per second". A number alone is background as often as a finding; the
# paper's contribution running at a rate is its result ("We present a decoder that runs at …").
RATE = re.compile(
    r"\d+(?:\.\d+)?\s*(?:[\w-]+\s+){0,2}?[\w-]+\s*(?:/\s*|\bper\s+)(?:byte|bit|word|second|sec|s|"
    r"cycle|call|element|item|iteration|op|operation|query|request|sample|image|frame|token|"
    r"record|row|node|core)s?\b",
    re.I,
)
# The contribution the authors coordinate after a first verb ("We reject this view, and
# describe a method …"): stated alone ("We describe a method …") when the first clause cannot
# stand (it leans on what came before: "this view").
COORDINATED_CONTRIBUTION = re.compile(
    r"^(?:in\s+this\s+\w+,\s+)?(?P<subject>we|I)\s+\w+[^.;:]{0,60}?,?\s+and\s+(?:then\s+)?"
    r"(?P<clause>(?:propos|present|introduc|describ|develop|explain)\w*\b.+)$",
    re.I,
)
# A claim made after another ("We also obtained …", "… as well"): never the paper's main point;
# its first claim may be another study's ("In our previous study [37], …").
# "and also" inside a list or a pair ("alphabetic, sequenced, and also chronological", "not only
# … but also …") adds to the sentence's own claim, not a claim after another.
SECOND_CLAIM = re.compile(r"(?<!\band\s)(?<!\bbut\s)\b(?:also|as\s+well|too)\b", re.I)
# The paper speaking of its own work, and a citation of another's ("(15)", "[6]", "Smith et
# al.", "(Smith 2003)"): in a discussion only the first is the paper's finding.
FIRST_PERSON = re.compile(
    r"\b(?:we|our|I)\b|\b(?:in\s+)?(?:this|the\s+present)\s+(?:study|paper|work|article)\b", re.I
)
CITED = re.compile(
    r"\(\d+(?:\s*[-–,]\s*\d+)*\)|\[\d+(?:\s*[-–,]\s*\d+)*\]|\bet\s+al\b|"
    # an author and year ("Smith 1998"), never a date ("In December 1998, the system sorted …")
    r"\b(?!(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Spring|Summer|Autumn|Fall|Winter)\b)"
    r"[A-Z][a-z]+(?:\s+and\s+[A-Z][a-z]+)?,?\s+\(?(?:19|20)\d\d[a-z]?\)?|"
    r"\b(?:that|another|previous|earlier|their)\s+(?:study|studies|work|paper)\b"
)
# A clause before the claim that concedes or contrasts: "Although it is difficult to compute …,
# asymptotics … suggest that …"; "In contrast to X, we noted …". The claim after it stands alone.
LEADING_CONCESSION = re.compile(
    r"^(?:although|though|even\s+though|while|whereas|despite|in\s+spite\s+of|"
    r"in\s+contrast\s+to|contrary\s+to|unlike)\b",
    re.I,
)
NOT_A_CLAUSE_START = re.compile(r"(?:and|or|to|of|in|on|for|with|by|from|at|as)\b", re.I)
# an aside set off by commas inside the concession ("… the length of one step, say, 2 mm, …",
# "…, e.g., …", "…, that is, …"): neither of its commas ends the concession. Cut there, a
# finding bullet the loop added on an unseen paper opened "Say, 2 mm, in practice …"
# (the marker, its own comma, and what it gives up to the comma closing it)
ASIDE = re.compile(r"(?:say|namely|that\s+is|e\.\s?g\.|i\.\s?e\.|viz\.)(?=[\s,]),?[^,]*,", re.I)
# A clause that qualifies the finding before it ("… by 40%, but only in dry seasons"): the
# finding without it would claim more than the paper does, so it is never cut there.
QUALIFYING_SEPARATORS = (", but ", ", while ", ", whereas ", ", although ")
# Where a long finding may stop: its first clause holds the claim, what follows adds a step
# or a consequence.
FINDING_ENDS = (
    *(separator for separator in text.CLAUSE_SEPARATORS if separator not in QUALIFYING_SEPARATORS),
    ", showing ",
    # the comparison after the measured claim: "… in 1.2 cycles per byte, improving on …"
    ", improving ",
    ", outperforming ",
    ", indicating ",
    ", suggesting ",
    ", thus ",
)
STATEMENT_WORDS = 34  # a main point may run longer than a detail: it is the slide's point
# What a statement opens with that is no part of its claim: the paper pointing at itself ("In
# this paper we present …" → "We present …"), the step before it ("After reviewing the
# classical models, a new implementation … is introduced").
SELF_POINTER = re.compile(
    r"^(?:in|with)\s+(?:this|the\s+present)\s+(?:paper|article|work|study|note|report),?\s+"
    r"(?=(?:we|I)\b)",
    re.I,
)
# "This paper presents a method …" (a sentence about the document, as the reviewer reads it)
# says what the authors present: "We present a method …".
SELF_SUBJECT = re.compile(
    r"^(?:in\s+)?(?:this|the\s+present|our)\s+(?:paper|article|work|study|note|report|document|"
    r"guide|essay|tutorial|manual|chapter)\s*,?\s+"
    r"(present|propose|introduce|describe|develop|offer|provide|derive|extend|explain)s\b",
    re.I,
)
# "A new implementation of … is introduced." (read as a sentence about the document): the
# authors introduce it — "We introduce a new implementation of …".
PASSIVE_CONTRIBUTION = re.compile(
    r"^(?P<subject>(?:a|an|the)\s.+?)\s+(?:is|are)\s+(?P<verb>introduc|propos|present|develop|"
    r"describ)(?:ed|d)\s*\.?$",
    re.I,
)
# The verb coordinated with the self-subject's ("This article introduces X, and illustrates
# with …" → "We introduce X, and illustrate with …"): it agrees with "We" too.
COORDINATED_VERB = re.compile(
    r"(,\s+and\s+)(\w+?)(?:(?<=[sc]h)es|(?<=ss)es|(?<=x)es|s)\b(?=\s+(?:with|how|the|a|an|its|"
    r"their|that|some|several|it|them|what|why|\w+ly)\b)",
)
# A contribution in the perfect passive placed in others' work ("Additional tools have been
# subsequently introduced in contributed packages"): the history of the field, not the paper's.
PERFECT_PASSIVE = re.compile(
    r"\b(?:has|have)\s+been\s+(?:\w+ly\s+)?(?:introduced|proposed|presented|developed|"
    r"implemented)\b",
    re.I,
)
OTHERS_WORK = re.compile(
    r"\b(?:in|by)\s+(?:other|contributed|existing|previous|earlier|third-party)\b|"
    r"\bin\s+the\s+literature\b|\b(?:previously|subsequently|over\s+the\s+years|"
    r"in\s+recent\s+years|in\s+the\s+past)\b",
    re.I,
)
# What is never a finding of the paper: a plan ("we will", "future work"), a hypothetical ("X
# would be faster", "if …"), an expectation.
NOT_A_FINDING = re.compile(
    r"\b(?:will|would|might|shall)\b|\bcould\s+(?:potentially|possibly|perhaps|in\s+principle|"
    r"theoretically|have)\b|\b(?:we|I)\s+(?:plan|intend|hope|want|wish)\s+to\b|"
    r"(?:^|,\s*)if\b|\bfuture\s+(?:work|development|versions?|research|releases?)\b|"
    r"\b(?:is|are)\s+(?:expected|planned|hoped)\s+to\b|\bhypothetical\w*|\bsuppose\b|"
    r"\bin\s+principle\b",
    re.I,
)
LEADING_STEP = re.compile(
    r"^(?:(?:after|before|having)\s+\w+(?:ing|ed)\b[^,;:]{0,120}|"
    # the release the statement dates from: "Since its 1.0 release, the X assembler contains …"
    r"(?:since|as\s+of|starting\s+with)\s+(?:its\s+|the\s+)?(?:version|release|v?\d[\w.]*)"
    r"[^,;:]{0,40}),\s+",
    re.I,
)
# a slide of the opening says what the paper does; its title when the deck had none
OPENING_TITLE = "What this paper does"
OPENING_BULLETS = 4
COVERED = 0.7  # share of a statement's content words a bullet says when it makes the statement


@dataclass(frozen=True)
class Statement:
    bullet: str  # the sentence as a bullet
    part: str  # "method" or "result"
    origin: str  # "abstract", or the title of the section it comes from
    strength: int  # how plainly it is a contribution or a finding (higher first)
    # the paper's sentence (or its clause) the bullet was made from: whether the bullet kept
    # its comparison whole is read against it (headline.py)
    sentence: str = ""


def _bullet(sentence: str, previous: str, words: int = STATEMENT_WORDS) -> str | None:
    from apps.decks.pipeline.propose import bullets  # propose imports this module's users

    sentence = _before_display(sentence)
    if sentence.rstrip().endswith((":", ",")):
        return None  # it announces the display or list after it
    if SECOND_CLAIM.search(text.MATH_SPAN.sub("X", sentence)):
        return None  # "we also obtained …": a claim after another, often another study's
    sentence = LEADING_STEP.sub("", SELF_POINTER.sub("", text.clean(sentence)))
    sentence, selves = SELF_SUBJECT.subn(lambda m: "We " + m.group(1).lower(), sentence)
    if selves:
        sentence = COORDINATED_VERB.sub(lambda m: m.group(1) + m.group(2), sentence, count=1)
    sentence = PASSIVE_CONTRIBUTION.sub(_active, sentence)
    sentence = _finding_of(sentence)
    condensed = text.condense(text.math_logos(sentence), words)
    if condensed is None or _cut_before_qualifier(text.math_logos(sentence), condensed):
        return None
    bullet = bullets.rewrite(condensed, bullets.Source(previous=previous), words)
    if not bullet or defects.text_defects(bullet) or defects.figure_deixis(bullet):
        return None
    if defects.pointers(bullet) or defects.absent_pointer(bullet):
        return None  # it leans on a figure, table or display the slide does not show
    return bullet


# public: a thin slide of the headline is filled with the sentences around it (headline_slide.py)
statement_bullet = _bullet


# The clause a sentence ends with to announce the display or list after it: "X is an
# implementation of the method of Y, given by:", "…, defined as:", "… as follows:".
ANNOUNCING_CLAUSE = re.compile(
    r",\s*(?:(?:which|that)\s+(?:is|are)\s+)?(?:given|defined|written|expressed|stated|"
    r"formulated|computed)\s+(?:by|as\s+follows|as|below)\s*:\s*$|"
    r"(?:,\s*|\s+)as\s+follows\s*:\s*$",
    re.I,
)
ANNOUNCED_HEAD_WORDS = 6  # the statement left before the announcing clause, to stand alone
# A sentence whose colon introduces the display it names in its last phrase: "X is an
# implementation of the method for a polyhedron given by a system of linear inequalities:"
# [display]. The phrase names what the display sets out, so the sentence ends there as a
# statement of its own ("… given by a system of linear inequalities.").
NAMED_DISPLAY = re.compile(
    r"\s(?:given|defined|described|specified|represented|expressed|characteri[sz]ed|determined)\s+"
    r"by\s+(?:an?|the|its|their|some)\s+(?:[\w$\\{}^_()-]+\s+){0,6}?[\w$}()-]+\s*:\s*$",
    re.I,
)
# a last word that announces rather than names: "… given by the following:", "… by the formula:"
ANNOUNCING_WORD = re.compile(
    r"\b(?:following|below|above|formulas?|formulae|equations?|expressions?|form|rules?|"
    r"system|way|relation|identity|calls?|commands?|code|listing|statements?|examples?)\s*:\s*$",
    re.I,
)
# the phrase points at the display rather than naming it: "… given by the following call:"
POINTING_WORD = re.compile(r"\b(?:following|below|above|next|this|these)\b", re.I)


def names_its_display(sentence: str) -> bool:
    """Does the sentence close on a colon after a phrase naming what the display under it sets
    out ("… given by a system of linear inequalities:")? Ended there, it loses nothing."""
    match = NAMED_DISPLAY.search(sentence)
    return (
        match is not None
        and not ANNOUNCING_WORD.search(sentence)
        and not POINTING_WORD.search(match.group(0))
    )


def _before_display(sentence: str) -> str:
    """A sentence that ends by announcing a display or list ("…, given by:") stated without
    that clause, when what is left is a statement of its own (no dangling article or
    preposition, long enough): "X is an implementation of the Y method." Else the sentence."""
    match = ANNOUNCING_CLAUSE.search(sentence)
    if match is None:
        if names_its_display(sentence):
            return sentence.rstrip().rstrip(":").rstrip() + "."
        return sentence
    head = sentence[: match.start()].rstrip(" ,;")
    if text.word_count(head) < ANNOUNCED_HEAD_WORDS or NOT_A_CLAUSE_END.search(head):
        return sentence
    return head + "."


# a word a statement cannot end on: an article, a preposition, a conjunction, a participle
NOT_A_CLAUSE_END = re.compile(
    r"\b(?:a|an|the|of|to|in|on|for|with|by|from|at|as|and|or|that|which|is|are|its|their|"
    # a participle: its clause was cut ("… whose weights are defined")
    r"\w+ed|given|written|shown|done|made)$",
    re.I,
)


def _cut_before_qualifier(sentence: str, condensed: str) -> bool:
    """Did the condenser cut the statement where a clause qualifying it begins ("… by 40%,
    but only in freezing fog")? What is left would claim more than the paper does."""
    if not sentence.lower().startswith(condensed.lower()):
        return False
    rest = sentence[len(condensed) :].lstrip()
    return any(rest.startswith(separator.strip()) for separator in QUALIFYING_SEPARATORS)


def _finding_of(sentence: str) -> str:
    """A sentence too long for a main point that ends on its finding ("…, and it is found that
    X"): the finding X, a statement of its own. Else the sentence."""
    match = FINDING_CLAUSE.search(sentence)
    if match is None or text.word_count(sentence) <= STATEMENT_WORDS:
        return sentence
    claim = match.group("claim").strip()
    if text.word_count(claim) < 6:
        return sentence
    return text.capitalised(claim)


def _active(match: re.Match) -> str:
    verb = match.group("verb").lower()
    verb += "" if verb.endswith("e") else ("e" if verb in ("introduc", "propos", "describ") else "")
    subject = match.group("subject")
    return f"We {verb} {subject[0].lower()}{subject[1:]}."


def _sentences(paragraphs: list[str]):
    """Each sentence with the one before it, leaving out those in another study's scope ("In
    our previous study [3] … We investigated … and obtained 9.1%"): never the paper's point."""
    scoped = carried_text.paper_scopes(paragraphs)
    for paragraph in paragraphs:
        previous = ""
        for sentence in text.sentences(paragraph):
            if sentence not in scoped:
                yield sentence, previous
            previous = sentence


def _conclusions(paper: Paper) -> list:
    from apps.decks.pipeline.propose.builtin import CONCLUSION

    return [s for s in paper.sections if CONCLUSION.search(s.title)]


# public: the headline is read in the abstract, else the conclusions (headline.py)
conclusions = _conclusions


def _introductions(paper: Paper) -> list:
    from apps.decks.pipeline.propose.builtin import INTRO

    return [s for s in paper.sections if INTRO.search(s.title)]


def method_statements(paper: Paper) -> list[Statement]:
    """The sentences of the abstract (else the introduction) in which the paper states what it
    contributes, in the paper's order."""
    sources = [("abstract", [paper.abstract])] if paper.abstract else []
    sources += [(s.title, s.paragraphs) for s in _introductions(paper)]
    names = software_points.names(paper)
    found: list[Statement] = []
    for origin, paragraphs in sources:
        for sentence, previous in _sentences(paragraphs):
            flat = text.MATH_SPAN.sub("X", sentence)
            strength = _contribution(flat, names)
            if not strength:
                continue
            bullet = _bullet(sentence, previous) or _coordinated(sentence, previous)
            if bullet is not None:
                found.append(Statement(bullet, "method", origin, strength))
        if found:
            break  # the abstract's statements, when it has any
    if not any(s.strength == IDENTITY for s in found):
        found += _identity_further(paper, names, {s.bullet for s in found})
    # what the paper's subject is ("X is an R package for …") is said first, then the rest in
    # the paper's order
    return sorted(found, key=lambda s: -s.strength)


def _coordinated(sentence: str, previous: str) -> str | None:
    """The contribution coordinated after the authors' first verb, stated alone: "We reject
    this false choice, and describe a method …" → "We describe a method …", or None."""
    match = COORDINATED_CONTRIBUTION.match(text.clean(sentence))
    if match is None:
        return None
    return _bullet(f"{match.group('subject')} {match.group('clause')}", previous)


IDENTITY = 2  # the strength of a method statement that says what the paper's subject is


def _identity_further(paper: Paper, names: set[str], taken: set[str]) -> list[Statement]:
    """What the paper's subject is, said in a section of the paper's start other than those
    read for its contribution ("About X", "Overview", "Description", the first body section):
    the first such sentence, in the paper's order, else nothing."""
    for origin, paragraphs in software_points.opening_paragraphs(paper):
        for sentence, previous in _sentences(paragraphs):
            flat = text.MATH_SPAN.sub("X", sentence)
            if _contribution(flat, names) != IDENTITY:
                continue
            bullet = _bullet(sentence, previous)
            if bullet is not None and bullet not in taken:
                return [Statement(bullet, "method", origin, IDENTITY)]
    return []


# What a guide or tutorial says it gives rather than what its subject does: "This document
# presents an overview of the package", "We describe the command line usage of …", "We show
# some examples of …". Read as a method statement it tells a reader nothing.
ANNOUNCED_OBJECT = re.compile(
    r"\s+(?:(?:a|an|the|some|several|our|its|their)\s+)?(?:(?:brief|short|quick|general|"
    r"detailed|comprehensive|high-level|basic|gentle|practical|simple|command[- ]line|"
    r"step-by-step|worked|illustrative|typical|commonly\s+used|example)\s+){0,3}"
    r"(?:overview|introduction|summary|outline|tour|walk-?through|tutorial|guide|examples?|"
    r"usages?|demonstration|description)\b",
    re.I,
)


def _contribution(sentence: str, names: set[str]) -> int:
    """How the sentence states the paper's contribution: 2 when it says what the paper's
    subject is, 1 when it states what the paper or its subject does, 0 when neither. A
    contribution of others ("Smith et al. proposed …", "tools have been introduced in other
    packages") is none."""
    if CITED.search(sentence) and not FIRST_PERSON.search(sentence):
        return 0
    if software_points.identity(sentence, names):
        return IDENTITY
    match = CONTRIBUTION.search(sentence)
    if match and PERFECT_PASSIVE.fullmatch(match.group(0)) and OTHERS_WORK.search(sentence):
        match = None  # the field's history, not the paper's contribution
    if match and ANNOUNCED_OBJECT.match(sentence[match.end() :]):
        return 0  # "We present an overview of the package": the document, not what it does
    if match or software_points.capability(sentence, names):
        return 1
    return 0


def _closing_discussion(paper: Paper) -> list:
    """A paper without a conclusions section often ends on its discussion, where it states
    what it found ("Discussion", "Results and discussion" as its last or next-to-last section):
    that section, else nothing."""
    from apps.decks.pipeline.propose.builtin import DISCUSSION

    if _conclusions(paper):
        return []
    closing = [s for s in paper.sections[-2:] if DISCUSSION.search(s.title)]
    return closing[-1:]


closing_discussion = _closing_discussion  # public: the headline is read there too (headline.py)


def _result_sources(paper: Paper) -> list[tuple[str, list[str], bool]]:
    """(origin, paragraphs, own_only): the abstract, the conclusions, else the closing
    discussion — which sets the paper against other studies, so only its sentences in the
    first person without a citation ("we noted that …") state the paper's own finding. A paper
    without an abstract (a technical report, a vignette) states its result where an abstract
    would: in its introduction's closing paragraph (`closing_claims`), its own sentences only."""
    sources = [("abstract", [paper.abstract], False)] if paper.abstract else []
    sources += [(s.title, s.paragraphs, False) for s in _conclusions(paper)]
    sources += [(s.title, s.paragraphs, True) for s in _closing_discussion(paper)]
    sources += [(title, paragraphs, True) for title, paragraphs in closing_claims(paper)]
    return sources


def closing_claims(paper: Paper) -> list[tuple[str, list[str]]]:
    """(section title, paragraphs) of the introduction's closing paragraph when the paper has
    no abstract: there a report says what it does and how well it works ("Quarry sorts 100 GB
    in 14 minutes, three times faster than …") before the body begins. Its earlier paragraphs
    are background and other studies; a paper with an abstract says it there."""
    if paper.abstract:
        return []
    for section in _introductions(paper)[:1]:
        if section.paragraphs:
            return [(section.title, section.paragraphs[-1:])]
    return []


def _strength(sentence: str) -> int:
    flat = text.MATH_SPAN.sub("X", sentence)
    return (
        2
        * bool(RESULT_VERB.search(flat) or REPRODUCED.search(flat) or worded_findings.states(flat))
        + bool(NOTED.search(flat))
        + bool(ACHIEVES.search(flat))
        + bool(COMPARISON.search(flat))
        + bool(MEASURE.search(sentence) or RATE.search(sentence))
        # the paper's own method measured ("This paper describes an algorithm which computes
        # … in 1.2 cycles per byte"): a finding even where its comparison is cut off
        + bool(RATE.search(sentence) and CONTRIBUTION.search(flat))
    )


def _states_finding(sentence: str) -> bool:
    """A verb of finding with a measure or comparison, or a comparison: a number or a verb
    alone is background as often as a finding."""
    return _strength(sentence) >= 2 or bool(COMPARISON.search(text.MATH_SPAN.sub("X", sentence)))


# public: the loop's guard asks whether a figure's caption or citing sentence states a finding
states_finding = _states_finding


def _own(sentence: str) -> bool:
    return bool(FIRST_PERSON.search(sentence)) and not CITED.search(sentence)


def _own_subject(sentence: str, names: set[str]) -> bool:
    """Is the sentence said of the paper's own subject (its software's name, "this version"),
    without a citation?"""
    flat = text.MATH_SPAN.sub("X", sentence)
    named = any(re.search(rf"\b{re.escape(n)}\b", flat, re.I) for n in names)
    return bool(named or OWN_SUBJECT.search(flat)) and not CITED.search(sentence)


def _shorter(sentence: str) -> list[str]:
    """The sentence's shorter statements, at clause boundaries, for a finding too long (or
    too tangled) to be a bullet whole: the claim after a leading concession ("Although it is
    hard to …, the simulations suggest that …"), then its first clauses, longest first
    ("We show that the criteria were invalid, and calculate the correct ones, …")."""
    bodies = [sentence.rstrip().rstrip(".!?")]
    if LEADING_CONCESSION.match(sentence):
        aside_end = 0  # where the aside opened by the last comma closes
        for comma in re.finditer(r",\s+", sentence):
            rest = sentence[comma.end() :]
            if comma.start() < aside_end:
                continue
            if aside := ASIDE.match(rest):
                aside_end = comma.end() + aside.end()
                continue
            if text.word_count(rest) >= 6 and not NOT_A_CLAUSE_START.match(rest):
                bodies.append(text.capitalised(rest))
                break  # the concession ends at its first comma that a clause follows
    heads: list[str] = []
    for body in bodies:
        for separator in FINDING_ENDS:
            for match in re.finditer(re.escape(separator), body):
                head = body[: match.start()].rstrip(",;: ")
                if text.word_count(head) >= 6:
                    heads.append(head)
    shorter = bodies[1:] + sorted(set(heads), key=lambda h: -len(h))
    return list(dict.fromkeys(shorter))


# public: an example's finding after a concession is its claim (example_findings.py)
shorter = _shorter


# A sentence that only compares the measured result before it: "This is more than 2.5 times
# faster than the previous record", "That was a 40% improvement over …". Alone it says nothing
# ("this" is the result before it); the result alone ("In May 2001, the cluster sorted 1 TB in
# 9 minutes") has no comparison. The headline is the pair.
FOLLOWING_COMPARISON = re.compile(
    r"^(?:this|that|which|it)\s+(?:is|was|represents|corresponds\s+to|amounts\s+to|means)\s+"
    r"(?P<rest>(?:(?:more|less|fewer)\s+than\s+|about\s+|roughly\s+|nearly\s+|almost\s+|"
    r"over\s+|up\s+to\s+|an?\s+|some\s+)*"
    r"(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten)\s*"
    r"(?:×|x\b|times\b|-?fold\b|%|percent\b|per\s*cent\b).*)$",
    re.I | re.S,
)
PAIR_WORDS = 14  # the comparison a pair adds to its result's statement
# a comparison the result makes itself: "twice as fast as …", "3 times faster", "a 4-fold drop"
SELF_COMPARED = re.compile(
    r"\bas\s+\w+\s+as\b|\btwice\b|\d+(?:\.\d+)?\s*(?:×|times\b|-?fold\b)|\d+(?:\.\d+)?x\b", re.I
)


def _compares(sentence: str) -> bool:
    flat = text.MATH_SPAN.sub("X", sentence)
    return bool(COMPARISON.search(flat) or SELF_COMPARED.search(flat))


def _with_comparisons(paragraphs: list[str]):
    """Each sentence with the one before it, as _sentences, but a measured result followed by
    a sentence that only compares it ("This is 2.5 times faster than …") read as one statement
    ("… in 17 minutes — more than 2.5 times faster than …"), and that sentence not alone."""
    pending: tuple[str, str] | None = None
    for sentence, previous in _sentences(paragraphs):
        match = FOLLOWING_COMPARISON.match(sentence.strip())
        flat = text.MATH_SPAN.sub("X", sentence)
        if (
            pending is not None
            and match
            and pending[0] == previous
            and COMPARISON.search(flat)
            and not _compares(pending[0])
            and re.search(r"\d", pending[0])
        ):
            head = previous.rstrip().rstrip(".!?").rstrip()
            yield f"{head} — {match.group('rest').strip()}", pending[1]
            pending = None
            continue
        if pending is not None:
            yield pending
        pending = (sentence, previous)
    if pending is not None:
        yield pending


@per_paper
def result_statements(paper: Paper) -> list[Statement]:
    """The sentences of the abstract and the conclusions (else the closing discussion) that
    state a finding, the plainest first: an explicit finding with a measure or comparison,
    then either of them. A finding that cannot be a bullet whole is stated by its clause that
    holds the finding, never dropped for its length."""
    found: list[Statement] = []
    closing: list[Statement] = []  # the discussion's: only when nothing else states one
    claims = {title for title, _ in closing_claims(paper)}
    names = software_points.names(paper) if claims else set()
    for origin, paragraphs, own_only in _result_sources(paper):
        for sentence, previous in _with_comparisons(paragraphs):
            if not re.search(r"[.!?]\W*$", sentence):
                continue  # a sentence the PDF cut off ("… with a few fb"): not a main point
            for candidate in (sentence, *_shorter(sentence)):
                if not _states_finding(candidate):
                    continue
                # the introduction's claim may name the paper's subject instead of "we"
                # ("Quarry sorts 100 GB in 14 minutes"), never cite another study's
                own = _own(candidate) or (origin in claims and _own_subject(candidate, names))
                if own_only and not own:
                    continue
                if _not_a_finding(candidate):
                    continue
                if candidate != sentence and _strength(candidate) < 2:
                    continue  # a part of a sentence states a finding only in so many words
                paired = " — " in candidate and " — " not in text.clean(previous)
                bullet = _bullet(candidate, previous, STATEMENT_WORDS + PAIR_WORDS * paired)
                if bullet is not None and not (_strength(bullet) or _states_finding(bullet)):
                    continue  # the finding was in the part the bullet cut off ("…; yet, the
                    # range we observed …"): what is left states none
                if bullet is not None:
                    statement = Statement(bullet, "result", origin, _strength(candidate), sentence)
                    (closing if own_only else found).append(statement)
                    break
    statements = sorted(found, key=lambda s: -s.strength)
    statements += sorted(closing, key=lambda s: -s.strength)
    return statements or _body_findings(paper) or _opening_findings(paper) or _made_possible(paper)


# the paper's own work as a subject: "This version incorporates …", "The new release …"
OWN_SUBJECT = re.compile(
    r"^(?:this|the\s+(?:new|present|current|latest))\s+(?:version|release|work|paper|study|"
    r"implementation|rewrite|package|tool|program|method)\b",
    re.I,
)


def _opening_findings(paper: Paper) -> list[Statement]:
    """A paper that states its finding nowhere but in its introduction ("This version
    incorporates a rewrite of the code, resulting in improvements in both sensitivity and
    specificity"): the introduction's sentence with a comparison or an improvement said of the
    paper's own work (its first person, its subject's name, "this version"), never another
    study's (a citation) or a plan."""
    names = software_points.names(paper)
    found: list[Statement] = []
    for section in _introductions(paper):
        for sentence, previous in _sentences(section.paragraphs):
            flat = text.MATH_SPAN.sub("X", sentence)
            if not re.search(r"[.!?]\W*$", sentence) or not COMPARISON.search(flat):
                continue
            named = any(re.search(rf"\b{re.escape(n)}\b", flat, re.I) for n in names)
            own = (_own(sentence) or named or OWN_SUBJECT.search(flat)) and not CITED.search(flat)
            if not own or _not_a_finding(sentence):
                continue
            bullet = _bullet(sentence, previous)
            if bullet is not None and COMPARISON.search(bullet):
                found.append(Statement(bullet, "result", section.title, _strength(sentence)))
    return found[:1]


# A remark about the ease or effort of use: it compares effort, never a finding ("using X is
# not much more involved than using Y", "X is easy to use", "requires only a few lines").
EFFORT = re.compile(
    r"\b(?:more|less|no\s+more|not\s+(?:much\s+)?more|no\s+less|as)\s+(?:involved|difficult|"
    r"complicated|cumbersome|tedious|laborious|demanding|verbose|effort)\s+(?:to\s+\w+\s+)?"
    r"(?:than|as)\b|"
    r"(?<!\bit\s)\b(?:easy|easier|simple|simpler|straightforward|convenient|intuitive|hard|harder|"
    r"difficult)\s+to\s+(?:use|learn|install|write|read|set\s+up|call|apply|master|type|"
    # the effort of making it: "the multipage part was very easy to code"
    r"code|program|implement|build|maintain|debug|port|extend)\b|"
    r"\b(?:only|just)\s+(?:a\s+)?(?:few|handful\s+of|single|one|two|three|\d+)\s+"
    r"(?:(?:additional|extra|more)\s+)?(?:lines?|commands?|function\s+calls?|calls?|"
    r"keystrokes?|clicks?)\b|"
    r"\b(?:little|less|minimal|no\s+(?:additional|extra))\s+(?:effort|code|work|typing)\b|"
    r"\b(?:ease|effort)\s+of\s+use\b",
    re.I,
)


def _not_a_finding(sentence: str) -> bool:
    """A plan, a hypothetical, a remark on the effort of use, or another study's finding
    ("Smith et al. report a twofold speedup") stated without the paper's own voice: never the
    paper's result."""
    flat = text.MATH_SPAN.sub("X", sentence)
    if NOT_A_FINDING.search(flat) or EFFORT.search(flat):
        return True
    return bool(CITED.search(sentence)) and not FIRST_PERSON.search(sentence)


# public: an example's closing finding is never a plan (example_findings.py)
not_a_finding = _not_a_finding


def _body_findings(paper: Paper) -> list[Statement]:
    """A paper whose abstract and conclusions state no finding in so many words may state it
    where its evidence is (a section of its work, not its background or a discussion) ("In the timings of Table 2, the compiled filter is about 30 times
    faster than …"): a sentence of the body with a comparison and a measure, or a comparison
    made by the paper's subject ("Quill clearly outperforms every other variant")."""
    from apps.decks.pipeline.propose.builtin import DISCUSSION, INTRO

    names = software_points.names(paper)
    found: list[Statement] = []
    for section in paper.sections:
        if INTRO.search(section.title) or DISCUSSION.search(section.title):
            continue  # background, and a discussion that sets the paper against others: only
            # the discussion that closes the paper gives a finding (_closing_discussion)
        for sentence, previous in _sentences(section.paragraphs):
            flat = text.MATH_SPAN.sub("X", sentence)
            if not re.search(r"[.!?]\W*$", sentence) or not COMPARISON.search(flat):
                continue
            named = any(re.search(rf"\b{re.escape(n)}\b", flat, re.I) for n in names)
            if not (MEASURE.search(sentence) or named) or _not_a_finding(sentence):
                continue
            bullet = _bullet(sentence, previous)
            if bullet is not None and COMPARISON.search(bullet):
                found.append(Statement(bullet, "result", section.title, _strength(sentence)))
    # of equal strength, a finding of the sections that report the work's results ("Results",
    # "Performance", "Evaluation") before a side result met on the way ("Reading bytes in
    # pairs: … was faster, but not by much")
    return sorted(found, key=lambda s: (-s.strength, not RESULTS_SECTION.search(s.origin)))[:2]


RESULTS_SECTION = re.compile(
    r"\b(?:results?|performance|evaluation|experiments?|experimental|benchmarks?|timings?|"
    r"measurements?|comparisons?)\b",
    re.I,
)


def _made_possible(paper: Paper) -> list[Statement]:
    """A software paper's main point when it states no finding: what its subject makes possible
    or easier, as the abstract, the introduction or the conclusions say it ("X makes it
    possible to …", "X has made extending R easier"). Never invented: only such a sentence."""
    names = software_points.names(paper)
    sources = [("abstract", [paper.abstract])] if paper.abstract else []
    sources += [(s.title, s.paragraphs) for s in [*_conclusions(paper), *_introductions(paper)]]
    found: list[Statement] = []
    for origin, paragraphs in sources:
        for sentence, previous in _sentences(paragraphs):
            flat = text.MATH_SPAN.sub("X", sentence)
            if not software_points.makes_possible(flat, names) or _not_a_finding(sentence):
                continue
            bullet = _bullet(sentence, previous)
            if bullet is not None and not any(f.bullet == bullet for f in found):
                found.append(Statement(bullet, "result", origin, 0))
    return found[:2]


def result_figures(paper: Paper) -> list[tuple[str, int]]:
    """The figures and tables that show the paper's main result, as (kind, number), the
    plainest first: those its abstract and conclusions (else closing discussion) name, then a
    table a sentence of finding names ("The efficiencies with the junction are given in Table 1
    compared with Ref. [3]"). A deck that has room for neither still shows them."""
    named: list[tuple[str, int]] = []
    for _origin, paragraphs, _own_only in _result_sources(paper):
        for sentence, _previous in _sentences(paragraphs):
            named += text.figure_refs(sentence)
    for figure in paper.figures:
        if figure.kind == "table" and any(_shows_finding(m.text, figure) for m in figure.mentions):
            named.append(("table", figure.number))
    return list(dict.fromkeys(named))


# a caption that sets the paper's values against others': "… comparison with Ref. [3]",
# "This work vs. previous methods"
COMPARING_CAPTION = re.compile(r"\bcompar\w*|\bthis\s+work\b|\bversus\b|\bvs\.?\s", re.I)


def _shows_finding(mention: str, table) -> bool:
    """A sentence naming the table states a finding in so many words ("Table 2 shows that …
    reduces … by 40%"), or compares where the caption says the table compares too. "The
    number of parameters is doubled compared to the matrix of Table 1" compares with it."""
    if HOW.search(mention):
        return False  # "we show how to compute the components of Table 2": a procedure
    if _strength(mention) >= 2:
        return True
    flat = text.MATH_SPAN.sub("X", mention)
    return bool(COMPARISON.search(flat)) and bool(COMPARING_CAPTION.search(table.caption or ""))


def _states(slides: list[Slide], statements: list[Statement]) -> bool:
    """Does a bullet make one of the statements: most of the statement's content words in it
    (a conclusion naming the method's subject in passing does not say what the method is), or
    the same claim as the reviewer reads it (repeated_bullet): stated once is enough."""
    shown = [b for s in slides for b in s.bullets]
    return any(
        (_covers(b, st.bullet) or text.same_claim(b, st.bullet)) and _keeps_finding(b, st)
        for b in shown
        for st in statements
    )


def _covers(bullet: str, statement: str) -> bool:
    wanted = set(text.words(statement)) - text.STOPWORDS
    said = set(text.words(bullet)) - text.STOPWORDS
    return bool(wanted) and len(wanted & said) / len(wanted) >= COVERED


NUMBER = re.compile(r"\d+(?:\.\d+)?")
HOW = re.compile(r"\b(?:show|demonstrate|illustrate|explain)s?\s+how\b", re.I)


def _keeps_finding(bullet: str, statement: Statement) -> bool:
    """A bullet makes a result statement only with its finding: every number of it and a word
    of finding. "We have investigated the performance of the cell with the junction" names the
    words of "The junction improves the performance of the cell by 48%", not its result."""
    if statement.part != "result":
        return True
    if not set(NUMBER.findall(statement.bullet)) <= set(NUMBER.findall(bullet)):
        return False
    if bullet == statement.bullet:
        return True  # the statement itself: a finding read in the paper's sentence may not
        # read in its bullet ("…, and it did seem to work very well" once its citation went)
    return _strength(bullet) > 0 or _states_finding(bullet)


def makes(bullet: str, statement: Statement) -> bool:
    """Does the bullet make the statement: most of its content words, or the same claim, with
    every number of a finding (headline.py asks it of one bullet)."""
    return (
        _covers(bullet, statement.bullet) or text.same_claim(bullet, statement.bullet)
    ) and _keeps_finding(bullet, statement)


def stating(bullets: list[str], paper: Paper) -> list[str]:
    """The bullets that make one of the paper's main-point statements (method or result)."""
    statements = method_statements(paper) + result_statements(paper)
    return [
        b
        for b in bullets
        if any(
            (_covers(b, st.bullet) or text.same_claim(b, st.bullet)) and _keeps_finding(b, st)
            for st in statements
        )
    ]


def missing(slides: list[Slide], paper: Paper) -> list[Statement]:
    """The best statement of each main point (method, result) that no bullet of the deck
    makes, when the paper has one that reads as a bullet."""
    wanted = []
    for statements in (method_statements(paper), result_statements(paper)):
        if not statements:
            continue
        # what the package is, said however much else of what it does the deck states: a
        # reader must learn it first
        identity = statements[0].part == "method" and statements[0].strength == IDENTITY
        if not _states(slides, statements[:1] if identity else statements):
            wanted.append(statements[0])
    return wanted


def ensure(slides: list[Slide], paper: Paper, used: set[str]) -> list[str]:
    """Put each main point the deck leaves out on the slide that says what the paper does (a
    finding of the conclusions on the conclusions' slide), making room by dropping the slide's
    bullets that state neither; a deck without such a slide gets one after its opening, with
    the paper's other statements of its method and result (a slide of one bullet is thin).
    Changes `slides` in place; returns the parts added ("method", "result")."""
    added: list[str] = []
    for statement in missing(slides, paper):
        if _states(slides, [statement]):
            added.append(statement.part)  # the slide made for the other point states it
            continue
        if _completed(slides, statement):
            used.add(statement.bullet.lower())
            added.append(statement.part)
            continue
        index = _home(slides, statement, paper)
        if index is None:
            at = next(
                (i for i, s in enumerate(slides) if s.role not in ("title", "motivation")),
                len(slides),
            )
            shown = [b for s in slides for b in s.bullets]
            others = [
                st.bullet
                for st in method_statements(paper) + result_statements(paper)
                if st.bullet != statement.bullet
                and not any(text.similar(st.bullet, b) for b in [*shown, statement.bullet])
            ]
            chosen = [statement.bullet]
            for other in others:
                if len(chosen) < OPENING_BULLETS - 1 and not any(
                    text.similar(other, c) for c in chosen
                ):
                    chosen.append(other)
            if len(chosen) < 2:  # a slide of one bullet is thin (thin_slide): the abstract's
                chosen += _abstract_bullets(paper, [*shown, *chosen], 2 - len(chosen))
            if len(chosen) < 2:  # nothing else to say: the statement closes the opening slide,
                # else goes on the first text slide (a method) or the last (a result): a slide
                # of its own would be thin, and the thin slide's fix removed it with the statement
                # (a finding of the body or conclusions never goes on the motivation slide,
                # sections away from its evidence: the last text slide is nearer)
                opening = (
                    next((i for i, s in enumerate(slides) if s.role == "motivation"), None)
                    if statement.part == "method" or statement.origin == "abstract"
                    else None
                )
                # what the package is opens the opening slide too: a reader learns what it
                # is before what it can handle ("cddlib can handle any general input")
                first = statement.part == "method" and statement.strength == IDENTITY
                # on a slide of the work, what the paper does opens it: a reader learns what
                # the package is before what its kernels are
                if opening is None:
                    opening = _text_slide_for(slides, statement)
                    first = statement.part == "method"
                if opening is not None:
                    bullets = with_room(list(slides[opening].bullets), paper, statement.bullet)
                    bullets = (
                        [statement.bullet, *bullets] if first else [*bullets, statement.bullet]
                    )
                    slides[opening] = slides[opening].model_copy(update={"bullets": bullets})
                    used.add(statement.bullet.lower())
                    added.append(statement.part)
                    continue
            slides.insert(
                at,
                Slide(
                    kind="bullets",
                    title=_opening_title(slides),
                    bullets=chosen,
                    role="contributions",
                    notes=text.whole_sentences(paper.abstract, 1500),
                ),
            )
            used.update(b.lower() for b in chosen)
        else:
            slide = slides[index]
            bullets = with_room(list(slide.bullets), paper, statement.bullet)
            # the method opens the slide (what the paper does, then what it finds)
            position = 0 if statement.part == "method" else len(bullets)
            bullets.insert(position, statement.bullet)
            slides[index] = slide.model_copy(update={"bullets": bullets})
            used.add(statement.bullet.lower())
        added.append(statement.part)
    return added


def _completed(slides: list[Slide], statement: Statement) -> bool:
    """A bullet that is the statement cut before its finding (the sentence shortened before
    "…, and it did seem to work very well") becomes the whole statement where it stands: added
    beside it, the statement was a repeat (repeated_bullet), whose fix took it out again, and
    the next round put it back."""
    for index, slide in enumerate(slides):
        for position, bullet in enumerate(slide.bullets):
            if bullet == slide.equation_lead:
                continue  # a display's lead stays as the display's text has it
            said, whole = text.words(bullet), text.words(statement.bullet)
            if len(said) < len(whole) and whole[: len(said)] == said:
                bullets = list(slide.bullets)
                bullets[position] = statement.bullet
                slides[index] = slide.model_copy(update={"bullets": bullets})
                return True
    return False


def _abstract_bullets(paper: Paper, shown: list[str], count: int) -> list[str]:
    """The abstract's best sentences that no bullet says yet, as the proposer picks them."""
    from apps.decks.pipeline.propose.builtin import _standalone

    if not paper.abstract or count <= 0:
        return []
    paragraphs = [paper.abstract, *(p for s in paper.sections for p in s.paragraphs)]
    chosen = text.key_sentences(
        [paper.abstract],
        text.Scorer(paragraphs),
        count + len(shown),
        exclude={b.lower() for b in shown},
        rewrite=_standalone,
    )
    fresh = [b for b in chosen if not any(text.same_claim(b, o) for o in shown)]
    return fresh[:count]


def _home(slides: list[Slide], statement: Statement, paper: Paper) -> int | None:
    own = _section_slide(slides, statement, paper)
    if own is not None:
        return own  # a finding of the body, on the slide of its own section
    roles = ["contributions"]
    if statement.part == "result" and statement.origin != "abstract":
        roles.insert(0, "conclusion")  # a finding of the conclusions, under that title
    for role in roles:
        for index, slide in enumerate(slides):
            if slide.role == role and slide.kind == "bullets" and not slide.equation:
                return index
    return None


def _section_slide(slides: list[Slide], statement: Statement, paper: Paper) -> int | None:
    """The text slide made from the section a body finding comes from (its title, or its notes
    holding the section's text), for a result read in the body (_body_findings): a reader
    sees it with its evidence, never moved onto an opening or another part's slide."""
    if statement.part != "result" or statement.origin == "abstract":
        return None
    if any(s.title == statement.origin for s in _conclusions(paper)):
        return None  # a finding of the conclusions goes on their slide (_home's roles)
    section = next((s for s in paper.sections if s.title == statement.origin), None)
    if section is None:
        return None
    start = section.paragraphs[0][:80] if section.paragraphs else None
    for index, slide in enumerate(slides):
        if slide.kind != "bullets" or slide.equation or slide.role == "title":
            continue
        if slide.title == section.title or (start and slide.notes and start in slide.notes):
            return index
    return None


def _text_slide_for(slides: list[Slide], statement: Statement) -> int | None:
    """The first text slide of the deck for a method, the last for a result (one without a
    display, which takes the room), or None."""
    text_slides = [
        i
        for i, s in enumerate(slides)
        if s.kind == "bullets" and s.role != "title" and not s.equation and s.bullets
    ]
    if not text_slides:
        return None
    return text_slides[0] if statement.part == "method" else text_slides[-1]


def _opening_title(slides: list[Slide]) -> str:
    taken = {s.title for s in slides}
    return OPENING_TITLE if OPENING_TITLE not in taken else "Main result"


opening_title = _opening_title  # public: headline.py titles an opening slide it adds


def with_room(bullets: list[str], paper: Paper, incoming: str) -> list[str]:
    """The bullets with room for one more: when the slide is full, the last bullet that states
    no main point goes, one that states no aim either ("We propose …" stays) first."""
    from apps.decks import limits
    from apps.decks.pipeline import role_titles

    budget = limits.get_int("words_text_slide") - 8 - text.word_count(incoming)
    points = method_statements(paper) + result_statements(paper)

    def main(b: str) -> bool:
        return any(_covers(b, p.bullet) and _keeps_finding(b, p) for p in points)

    while bullets and (
        len(bullets) >= OPENING_BULLETS or sum(text.word_count(b) for b in bullets) > budget
    ):
        others = [i for i, b in enumerate(bullets) if not main(b)]
        if not others:
            break
        aimless = [i for i in others if not role_titles.states_aim(bullets[i])]
        bullets.pop((aimless or others)[-1])
    return bullets
