"""The publisher's errors as the GM reads them (issue 14): each step of publishing that can fail — the forum down,
no login form, the login refused, the session lost, no posting form, the post refused or flood-limited, no post id
back, an address elsewhere, a connection refused — worded in Russian by default (`publish.error.<key>`), exactly;
the log line and the stored error keep the English; the bot's password is in none of them."""
from __future__ import annotations

import logging
import re
from datetime import timedelta

import pytest
from click.testing import CliRunner

from mafvote.cli import cli
from mafvote.config import ForumConfig, LoginConfig
from mafvote.publish import ForumPublisher, PublishError, PublishLog, write_count_files
from mafvote.store import Store
from support.forum import PUBLISH_FAILURES, SECRET, publish_failure

# case -> (status, login refused, the text the GM reads)
RUSSIAN = {
    "server_error": ("failed", False,
               "форум не работает: http://forum.test/ucp.php?mode=login ответил HTTP 503; подсчёт будет выложен при "
               "одном из следующих опросов, делать ничего не нужно"
               ),
    "no_login_form": ("failed", True,
               "на http://forum.test/ucp.php?mode=login нет формы входа: это не форум на движке `phpbb`? Проверьте "
               "`engine` и `base_url` форума в конфиге"
               ),
    "redirects": ("failed", False,
               "форум http://forum.test/: http://forum.test/ucp.php?mode=login перенаправляет по кругу (больше 20 "
               "перенаправлений); откройте адрес в браузере и проверьте `base_url` форума в конфиге"
               ),
    "off_origin": ("failed", False,
               "http://forum.test/ucp.php?mode=login: форум перенаправил на http://mirror.example/ucp.php?mode=login, "
               "другой адрес (http://mirror.example; адрес форума в конфиге — http://forum.test). mafvote не ходит на "
               "другие адреса и не отправляет им ни страниц, ни пароля. Если форум действительно переехал, поменяйте "
               "`base_url` в его `[[forums]]` и адреса тем игры (`game_topic`, `vote_thread`) на новые"
               ),
    "form_off_origin": ("failed", False,
               "форма форума http://forum.test/ отправляется на http://mirror.example/steal.php, другой адрес "
               "(http://mirror.example; адрес форума в конфиге — http://forum.test): mafvote её не отправил и не "
               "отправляет другим адресам ни страниц, ни пароля. Если форум действительно переехал, поменяйте `base_url`"
               " в его `[[forums]]` и адреса тем игры (`game_topic`, `vote_thread`) на новые"
               ),
    "encoding": ("failed", False,
               "не удалось прочитать http://forum.test/ucp.php?mode=login: форум упаковал ответ как `zstd`, а mafvote об"
               " этом не просил (он просит `gzip` или `deflate`)"
               ),
    "login_refused": ("failed", True,
               "форум http://forum.test/ не пустил бота под именем mafvote-bot: `Вы ввели неверный пароль. Пожалуйста, "
               "проверьте пароль и попробуйте снова. Если вы продолжаете испытывать проблемы, свяжитесь с "
               "администратором конференции .`; проверьте `login.user` форума в конфиге и пароль в переменной окружения,"
               " которую называет `password_env`"
               ),
    "login_silent": ("failed", True,
               "форум http://forum.test/ не пустил бота под именем mafvote-bot: форум не принял вход; проверьте "
               "`login.user` форума в конфиге и пароль в переменной окружения, которую называет `password_env`"
               ),
    "logged_out": ("failed", False,
               "форум http://forum.test/ снова показывает форму входа "
               "(http://forum.test/posting.php?mode=reply&f=2&t=7), хотя бот только что вошёл: вход не держится. "
               "Проверьте в браузере, может ли учётная запись бота войти и писать в теме"
               ),
    "no_form": ("failed", False,
               "на странице http://forum.test/posting.php?mode=reply&f=2&t=7 нет формы для поста (форум пишет: `Эта тема"
               " закрыта, вы не можете отвечать в ней.`): тема закрыта или удалена, или у бота нет права в ней писать? "
               "Откройте адрес в браузере под учётной записью бота"
               ),
    "post_server_error": ("failed", False,
               "форум http://forum.test/ не работает: на отправку поста он ответил HTTP 502; подсчёт будет выложен при "
               "одном из следующих опросов, делать ничего не нужно"
               ),
    "flood": ("flood", False,
               "форум http://forum.test/ пока не даёт ответить в теме 7: бот пишет слишком часто (ограничение форума на "
               "частоту сообщений); mafvote попробует снова сам, делать ничего не нужно"
               ),
    "refused": ("failed", False,
               "форум http://forum.test/ не дал ответить в теме 7: `Сообщение слишком длинное.`; откройте тему в "
               "браузере под учётной записью бота и проверьте, может ли она там писать"
               ),
    "no_post_id": ("failed", False,
               "mafvote отправил ответ с подсчётом в тему http://forum.test/viewtopic.php?f=2&t=7, но форум "
               "http://forum.test/ "
               "не вернул номер поста (форум пишет: `Сообщение отправлено на проверку модератору.`); откройте тему и, "
               "если подсчёт там дважды, удалите лишний пост руками"
               ),
    "topic_id": ("failed", False,
               "в адресе темы для голосования http://forum.test/viewtopic.php?f=2 нет номера темы (`t=`): укажите в "
               "`vote_thread` адрес темы так, как его показывает форум"
               ),
    "network": ("failed", False,
               "подсчёт не выложен на форум http://forum.test/: нет соединения с форумом (`[Errno 111] Connection "
               "refused`); mafvote попробует снова при следующем опросе"
               ),
}


def test_every_failing_step_has_its_russian_text():
    assert sorted(RUSSIAN) == sorted(PUBLISH_FAILURES)


@pytest.mark.parametrize("case", PUBLISH_FAILURES)
def test_a_failed_publish_is_told_to_the_gm_in_russian_and_logged_in_english(case, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="mafvote.publish")
    result = publish_failure(case, tmp_path)
    status, login_refused, russian = RUSSIAN[case]
    assert (result.status, result.login_refused) == (status, login_refused)
    assert result.text() == result.text("ru") == russian
    # the log line and the stored error are the English, never the Russian
    english = result.text("en")
    assert not re.search("[а-яё]", re.sub(r"`[^`]*`|\(форум пишет: .*?\)", "", english.replace(
        "Вы ввели неверный пароль. Пожалуйста, проверьте пароль и попробуйте снова. Если вы продолжаете испытывать "
        "проблемы, свяжитесь с администратором конференции .", "").replace(
        "Эта тема закрыта, вы не можете отвечать в ней.", "").replace("Сообщение слишком длинное.", "").replace(
        "Сообщение отправлено на проверку модератору.", ""), flags=re.I)), english
    assert result.message in caplog.text
    assert russian not in caplog.text
    if status == "failed":
        assert PublishLog(Store(tmp_path / "m.db")).state("ny").last_error == result.message
    for text in (result.text("ru"), english, result.message, caplog.text):
        assert SECRET not in text


def test_a_login_error_page_echoing_the_password_is_scrubbed_from_the_gms_text(tmp_path):
    # a forum that plays the password back in its refusal: the GM's text has `***` where it was
    result = publish_failure("login_refused", tmp_path)
    echoed = type(result)(result.status, result.post_id, result.message, result.login_refused,
                          ("login", {"base": "http://forum.test/", "user": "mafvote-bot",
                                     "reason": ("login.said", {"text": f"неверный пароль {SECRET}"})}))
    assert echoed.text() == (
        "форум http://forum.test/ не пустил бота под именем mafvote-bot: `неверный пароль ***`; проверьте "
        "`login.user` форума в конфиге и пароль в переменной окружения, которую называет `password_env`")


def test_the_count_files_that_cannot_be_written_are_told_in_russian(tmp_path):
    folder = tmp_path / "public"
    folder.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(PublishError) as refused:
        write_count_files(folder / "sub", "ny", bbcode="[b]Голосование[/b]", html_body="<p>Голосование</p>")
    assert str(refused.value).startswith(f"cannot write the count to {folder / 'sub'} (")
    # a file where the folder should be: said in Russian, with what to do, no English of the OS
    assert refused.value.text() == (f"подсчёт не записан в папку {folder / 'sub'}: на месте папки (или папки над "
                                    "ней) лежит файл; уберите его или укажите в `[publish].dir` другую папку")


def test_the_gm_view_refused_reaches_the_gm_in_russian(tmp_path):
    forum = ForumConfig(id="club", engine="phpbb", base_url="http://forum.test/", timezone="Europe/Moscow",
                        login=LoginConfig(user="bot", password_env="MAFVOTE_UNSET_PASSWORD"))
    pub = ForumPublisher(Store(tmp_path / "m.db"), game="ny", forum=forum, vote_thread="http://forum.test/t",
                         interval=timedelta(minutes=10), password=lambda: SECRET)
    try:
        with pytest.raises(PublishError) as refused:
            pub.publish("[b]Голосование[/b]", view="gm")
    finally:
        pub.close()
    russian = ("подсчёт игры ny в виде `gm` на форум не выкладывается: публикуется только открытый подсчёт (в "
               "подсчёте ведущего видны скрытые молчанки и модификаторы)")
    assert refused.value.text() == russian
    assert str(refused.value).startswith("refusing to post the 'gm' view of game ny")
    # through the CLI's edge: the line the GM reads, in the language of the config (Russian by default)
    box = refused.value

    @cli.command("publish-refused-for-test", hidden=True)
    def command():
        raise box
    try:
        result = CliRunner().invoke(cli, ["publish-refused-for-test"])
    finally:
        cli.commands.pop("publish-refused-for-test")
    assert (result.exit_code, result.output) == (1, f"ошибка: {russian}\n")
    assert refused.value.text("en") == ("refusing to post the gm view of game ny to the forum: only the public view "
                                        "may be published (the GM view shows hidden silences and modifiers)")
