import { fenOf, yuanOf } from '@/utils/money';
import { submitConfirmed } from '@/utils/formErrors';
import { numberRules, parseTypedNumber } from '@/utils/formRules';
import { ModalForm, ProFormDigit, ProFormSwitch } from '@ant-design/pro-form';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { changeSystem, changeTemplate, type AdminSystem, type AdminTemplate } from './api';

interface Props<T> {
  item: T;
  onClose: () => void;
  onDone: () => void;
}

/** The dialog both kinds share: a title, the fields, and one save that says what happened. */
function CatalogueDialog<V extends Record<string, unknown>>({
  title,
  initial,
  save,
  onClose,
  onDone,
  children,
}: {
  title: string;
  initial: V;
  save: (values: V) => Promise<{ message?: string }>;
  onClose: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <ModalForm<V>
      title={title}
      open
      form={form}
      width={460}
      initialValues={initial}
      modalProps={{ destroyOnClose: true, onCancel: onClose }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (values) => {
        const answer = await submitConfirmed(form, () => save(values), '保存失败', '已保存');
        if (!answer) return false;
        onDone();
        return true;
      }}
    >
      <p>修改只对之后的新订单生效，已下的订单按原价。</p>
      {children}
    </ModalForm>
  );
}

/**
 * A number the dialog cannot save without: at most `precision` decimals from `min` to `max`, told
 * by its rules rather than changed by the input; `missing` says it is empty.
 */
function RequiredNumber(props: { name: string; label: string; min: number; max: number; precision: number; missing: string }) {
  const { name, label, min, max, precision, missing } = props;
  return <ProFormDigit name={name} label={label} fieldProps={{ parser: parseTypedNumber }} rules={numberRules({ missing, min, max, decimals: precision })} />;
}

/** A review system's price per thousand characters, its limits, and whether it is offered. */
export function SystemDialog({ item, onClose, onDone }: Props<AdminSystem>) {
  type Values = { price: number; minMatch: number; maxChars: number; enabled: boolean };
  const initial: Values = { price: yuanOf(item.pricePerThousandFen), minMatch: item.minMatch, maxChars: item.maxChars, enabled: item.enabled };
  return (
    <CatalogueDialog<Values>
      title={`修改「${item.name}」`}
      initial={initial}
      onClose={onClose}
      onDone={onDone}
      save={({ price, minMatch, maxChars, enabled }) => changeSystem(item.id, { pricePerThousandFen: fenOf(price), minMatch, maxChars, enabled })}
    >
      <RequiredNumber name="price" label="每千字价格（元）" min={0.01} max={1000} precision={2} missing="请填写价格" />
      <RequiredNumber name="minMatch" label="起报字数（连续相同多少字标出）" min={8} max={200} precision={0} missing="请填写起报字数" />
      <RequiredNumber name="maxChars" label="字数上限" min={1000} max={2_000_000} precision={0} missing="请填写字数上限" />
      <ProFormSwitch name="enabled" label="上架（学生可以选择）" />
    </CatalogueDialog>
  );
}

/** A template's price and whether it is offered. */
export function TemplateDialog({ item, onClose, onDone }: Props<AdminTemplate>) {
  type Values = { price: number; enabled: boolean };
  return (
    <CatalogueDialog<Values>
      title={`修改「${item.name}」`}
      initial={{ price: yuanOf(item.priceFen), enabled: item.enabled }}
      onClose={onClose}
      onDone={onDone}
      save={({ price, enabled }) => changeTemplate(item.id, { priceFen: fenOf(price), enabled })}
    >
      <RequiredNumber name="price" label="价格（元）" min={0.01} max={10_000} precision={2} missing="请填写价格" />
      <ProFormSwitch name="enabled" label="上架（学生可以选择）" />
    </CatalogueDialog>
  );
}
