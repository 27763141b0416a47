"""The `ru` catalogue's texts for the rest of a ruleset's problems (`mafvote_resolver.ruleset`'s keyed Lines, the
[votes] reader's `mafvote_tally.RuleProblem`s; worded by `mafvote.gm_text.problem_text` as `ruleset.<key>`) and
for the GM's own files that cannot be read: a theme or template of a `templates_dir`, a night file (bad encoding,
TOML or Jinja syntax). The same keys as `en_rulesets`; the ruleset checker's first keys are in `ru_config`.
What the GM types (keys, values, tags) is written in backticks, as it is written in the file; a name the GM chose
(a role, a side) in «»."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the ruleset checker (mafvote_resolver.ruleset, ruleset_shapes, ruleset_model)
    "ruleset.where.line": "строка {n}",
    "ruleset.toml": "ошибка синтаксиса TOML: {what}",
    "ruleset.toml.hint": "исправьте строку: текст пишется в кавычках, таблицы — в `[скобках]`",
    "ruleset.brace": "фигурная скобка не открывает подстановку",
    "ruleset.brace.hint": "саму скобку пишите двойной: `{{{{` или `}}}}`",
    "ruleset.ability.not_table": "способность должна быть таблицей с ключами `name` и `kind`",
    "ruleset.ability.not_table.hint": "пишите её таблицей `[[roles.abilities]]` с `name` и `kind` под ней",
    "ruleset.ability.invalid": "карта способности записана неверно (`{detail}`)",
    "ruleset.unknown_defence": "неизвестная защита «{defence}»",
    "ruleset.unknown_watch_option": "неизвестный выбор наблюдения «{option}»",
    "ruleset.watch_options.not_watch": "выбирать, что узнать, может только карта наблюдения",
    "ruleset.watch_options.not_watch.hint": "пишите `kind = \"watch\"`",
    "ruleset.role_shot.no_guess": "выстрелу в роль нужен список ролей, которые можно назвать",
    "ruleset.role_shot.no_guess.hint": "например: `guess_roles = [\"Комиссар\", \"Доктор\"]`",
    "ruleset.redirect.targets": "у перенаправления две цели: чьё действие и куда оно теперь уходит",
    "ruleset.redirect.targets.hint": "пишите `min_targets = 2` и `max_targets = 2`",
    "ruleset.bloody_kill.visitor_p": "кровавому убийству нужна вероятность гибели гостя (больше 0, не больше 1)",
    "ruleset.bloody_kill.visitor_p.hint": "например: `visitor_p = 0.5`",
    "ruleset.earn_max.missing": "при `earn_every` нужен и `earn_max` — сколько защит можно держать сразу",
    "ruleset.announce.placeholders": "здесь бывают `{{actor_role}}`, `{{target_role}}` и `{{target_role_gent}}`",
    "ruleset.min_above_max": "`min_targets` больше, чем `max_targets`",
    "ruleset.order.twice": "этап ночи назван дважды",
    "ruleset.order.twice.hint": "назовите каждый этап один раз",
    "ruleset.unknown_immunity": "неизвестная неуязвимость «{immunity}»",
    "ruleset.abilities.same_name": "у двух способностей одно имя",
    "ruleset.abilities.same_name.hint": "дайте каждой своё имя",
    "ruleset.role.name_taken": "имя «{label}» уже занято ролью «{other}»",
    "ruleset.role.no_ability": "у роли «{role}» нет способности «{ability}»",
    "ruleset.role.not_in_ruleset": "роли «{role}» нет в наборе правил «{ruleset}»",
    "ruleset.ranks": "у стороны «{side}» ранги {ranks}",
    "ruleset.ranks.hint": "ранги идут подряд: 1, 2, 3… без пропусков и повторов",
    "ruleset.find_own.missing": "у роли «{role}» нет карты `find_own`: найти своих ей нечем",
    "ruleset.find_own.missing.hint": "дайте роли карту `kind = \"find_own\"` или уберите этот ключ",
    # --- the [votes] reader (mafvote_tally.VoteRules.from_mapping, its RuleProblem kinds)
    "ruleset.votes.unknown_key": "неизвестный ключ",
    "ruleset.votes.expected": "нужно: {expected}; написано: {value}",
    "ruleset.votes.not_one_of": "{value} здесь не подходит; допустимо: `{choices}`",
    "ruleset.votes.negative": "должно быть 0 или больше; написано: {value}",
    # --- Jinja's errors in a GM's template or theme phrase (mafvote.gm_files.jinja_syntax)
    "jinja.unclosed_block": "шаблон кончился, а блок `{block}` не закрыт (нужен один из тегов {tags})",
    "jinja.unknown_tag_in_block": "неизвестный тег `{tag}` внутри блока `{block}` (ждали один из тегов {tags})",
    "jinja.unknown_tag": "неизвестный или лишний тег `{tag}`",
    "jinja.unclosed_expression": "шаблон кончился посреди выражения: не хватает `{expected}`",
    "jinja.unexpected": "лишний символ `{found}`",
    "jinja.unexpected_expected": "лишний символ `{found}`, а ждали `{expected}`",
    "jinja.expected_token": "непонятное `{found}` в выражении: ждали `{expected}`",
    "jinja.char": "недопустимый символ `{char}` в выражении",
    "jinja.filter": "нет фильтра `{name}`",
    "jinja.test": "нет проверки `{name}`",
    "jinja.block_twice": "блок `{name}` объявлен дважды",
    "jinja.no_expression": "пустое выражение: перед `{found}` нужно выражение",
    "jinja.no_tag": "пустой тег: после `{{%` нужно имя тега",
    "jinja.name_or_number": "здесь нужно имя или число",
    "jinja.undefined": "неизвестное имя `{name}`",
    "jinja.no_attribute": "неизвестное поле `{name}`",
    "jinja.other": "ошибка в шаблоне (`{detail}`)",
    # --- a theme or template of the GM's `templates_dir` that cannot be read (mafvote.render)
    "render.templates_dir.missing": "папки шаблонов «{path}» нет",
    "render.templates_dir.missing.hint": "создайте её или исправьте путь `templates_dir` в конфиге",
    "render.theme.toml.hint": "исправьте строку: фраза пишется в кавычках, её варианты — списком `[\"…\", \"…\"]`",
    "render.theme.phrase_type": "фраза должна быть текстом или списком текстов (вариантов)",
    "render.theme.phrase_type.hint": "пишите так: `{key} = \"…\"` или `{key} = [\"…\", \"…\"]`",
    "render.theme.reveal": "так раскрывать нельзя: {mode}",
    "render.theme.reveal.hint": "допустимо: `\"role\"`, `\"side\"` или `\"none\"`",
    "render.template.syntax.hint": "исправьте эту строку шаблона: теги пишутся `{{% if … %}}` … `{{% endif %}}`, "
                                   "подстановки — `{{{{ … }}}}`",
    "render.phrase.syntax.hint": "исправьте фразу: теги пишутся `{{% if … %}}` … `{{% endif %}}`, подстановки — "
                                 "`{{{{ … }}}}`",
    "render.phrase.missing": "в теме нет такой фразы",
    "render.phrase.missing.hint": "добавьте её в `templates/{theme}/theme.toml` или в `_base/theme.toml`",
    "render.undefined.hint": "в данных поста этого вида такого имени нет: проверьте, как оно написано",
    # --- a post that cannot be rendered: what was asked (mafvote.render, `mafvote render`)
    "render.kind.unknown": "неизвестный вид поста `{kind}`; допустимо: {kinds}",
    "render.format.unknown": "неизвестный формат `{fmt}`; допустимо: {formats}",
    "render.theme.none": "у темы «{theme}» нет файла `{theme}/theme.toml`; встроенные темы: {themes}",
    "render.theme.none.config": "{error} (тема задана {source}); укажите в конфиге игры {game} "
                                "`{key}.theme = \"new_year\"` (или другую тему) или добавьте в её `templates_dir` "
                                "папку `{theme}/` с файлом `theme.toml`",
    "render.theme.source.game": "в `{key}.theme`",
    "render.theme.source.ruleset": "в `[game].theme` набора правил `{ruleset}`",
    "render.template.none": "в теме «{theme}» нет шаблона поста `{kind}`: искали {names}",
    "render.style": "`style = {style}`: в теме «{theme}» {n:стиль|стиля|стилей} ({which}); укажите в конфиге "
                    "стиль игры — один из них",
    # the data a post is rendered from (built by mafvote; a script calling mafvote.render gives its own)
    "render.data.time": "данные поста: `{what}` = `{value}` — не дата со временем; пишите так: "
                        "`2026-12-28T22:00+03:00`",
    "render.data.roster_nick": "данные поста: у `roster[{i}]` нет ника; укажите его: `{{\"nick\": …}}`",
    "render.data.no_outcome.night": "пост ночи: в данных нет `outcome` (итогов разобранной ночи)",
    "render.data.no_outcome.day": "пост дня: в данных нет `outcome` (итогов закрытого дня)",
    "render.data.no_tally": "пост подсчёта: в данных нет `tally` (подсчёта дня)",
    "render.data.gm_view": "пост подсчёта: это подсчёт для ведущего (`view` = `{view}`); в публичный пост идёт "
                           "только публичный: `mafvote tally --view public`",
    "render.data.hidden_weights": "пост подсчёта: подсчёт помечен публичным, но в нём скрытые веса голосов: "
                                  "{heavy}; посчитайте заново с `view = \"public\"`",
}
